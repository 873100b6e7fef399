import { defaultLanguage, type Language, languages, rtlLanguages } from '@pressroom/contract';

/** Each language by its own name, the way people look for it in a menu. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  he: 'עברית',
  ar: 'العربية',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function isRtl(language: Language): boolean {
  return rtlLanguages.includes(language);
}

/** The first supported browser language (by its primary subtag), else English. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    // "iw" is the old code for Hebrew that some browsers still send.
    const code = primary === 'iw' ? 'he' : primary;
    if (isLanguage(code)) return code;
  }
  return defaultLanguage;
}

export type { Language };
export { languages };
