// Loaded by vite.config.ts as well, where the contract package (TypeScript) cannot be imported at run time:
// only its types are, and they check that the keys and the file name are the contract's.
import type {
  firstScreenWordsFile as contractFile,
  FirstScreenWordKey,
  FirstScreenWords,
  Language,
} from '@pressroom/contract';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { he } from './locales/he.ts';
import { it } from './locales/it.ts';

const catalogs: Record<Language, unknown> = { en, it, fr, es, de, he, ar };

// Each key of the contract, once (the type holds it to exactly those).
const keys: Record<FirstScreenWordKey, true> = {
  'app.copyright': true,
  'app.privacy': true,
  'home.title': true,
  'pressReleases.search': true,
  'pressReleases.companyFilter': true,
  'pressReleases.allCompanies': true,
  'pressReleases.companyOption': true,
  'pressReleases.brandOption': true,
  'pressReleases.alerts': true,
  'pressReleases.feed': true,
  'pressReleases.featured': true,
  'pressReleases.year': true,
  'pressReleases.allYears': true,
  'pressReleases.count': true,
  'pressReleases.empty': true,
  'pressReleases.number': true,
  'pressReleases.pages': true,
};

export const firstScreenWordsFile: typeof contractFile = 'first-screen-words.json';

/** The text at a dotted key of a nested catalog. */
function wordAt(catalog: unknown, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
  if (typeof value !== 'string') throw new Error(`the catalogs have no text at ${key}`);
  return value;
}

/**
 * The words of Home's first screen in every language, from the app's catalogs (vite.config.ts writes them
 * into the build beside index.html for the server; the contract's first-screen.ts names them).
 */
export function firstScreenWords(): FirstScreenWords {
  return Object.fromEntries(
    Object.entries(catalogs).map(([language, catalog]) => [
      language,
      Object.fromEntries(Object.keys(keys).map((key) => [key, wordAt(catalog, key)])),
    ]),
  ) as FirstScreenWords;
}
