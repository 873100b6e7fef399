/**
 * Counted texts follow i18next's plural keys: `key_one` and `key_other` in English, and in every language the
 * CLDR categories its `Intl.PluralRules` knows (Arabic: zero, one, two, few, many, other; Hebrew: one, two,
 * other; Italian, French and Spanish add many, for millions). i18next also uses `key_zero`, when a language
 * has it, for a count of 0.
 */
type ExtraPluralCategory = 'zero' | 'two' | 'few' | 'many';

/** A catalog with the keys of the English one, any text, and the extra plural forms of its language. */
export type TranslationCatalog<T> = {
  [K in keyof T]: T[K] extends string ? string : TranslationCatalog<T[K]>;
} & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${ExtraPluralCategory}` : never]?: string;
};

/** The plural keys a language needs for an English `base_other` key (`base_zero`... in its CLDR order). */
export function pluralKeysFor(base: string, language: string): string[] {
  return new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.map((category) => `${base}_${category}`);
}
