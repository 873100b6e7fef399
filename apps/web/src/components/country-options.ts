/**
 * The country list of the country field (country-field.tsx), apart from the component so that it needs no
 * interface strings: every country named in a language and narrowed by what is typed.
 */
import { countryCodes, countryKey, countryName } from '@pressroom/contract';

export interface CountryOption {
  code: string;
  name: string;
  /** The name and the code as compared with what is typed: no case, no accents. */
  key: string;
}

/** Every country named in a language (Intl.DisplayNames), in that language's alphabetical order. */
export function countryOptions(language: string): CountryOption[] {
  const collator = new Intl.Collator(language);
  return countryCodes
    .map((code) => {
      const name = countryName(code, language);
      return { code, name, key: countryKey(name) };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Options whose name holds what was typed (case and accents aside), or whose code it is. */
export function filterCountries(options: CountryOption[], typed: string): CountryOption[] {
  const key = countryKey(typed);
  if (!key) return options;
  const code = key.toUpperCase();
  const starting = options.filter((option) => option.code === code || option.key.startsWith(key));
  const containing = options.filter(
    (option) => option.code !== code && !option.key.startsWith(key) && option.key.includes(key),
  );
  return [...starting, ...containing];
}
