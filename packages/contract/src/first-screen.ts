import type { DataTablesPage } from './datatables.ts';
import type { Language } from './enums.ts';
import type {
  FeaturedReleases,
  PressReleaseListItem,
  PressReleaseYear,
  ReleaseCompanyOption,
} from './press.ts';

/**
 * Home's first screen as the server renders it into index.html (decision 15): the markup in the element
 * `firstScreenIds.screen` inside #root, and the answers it shows as JSON in the script element
 * `firstScreenIds.data` (never executed: `type="application/json"`), so the app shows the same screen from
 * them without asking again. The answers are those the public list calls give an anonymous reader of the site
 * in the language: its featured releases, its first page of releases (ten, newest first), its years and its companies.
 */
export interface FirstScreenData {
  /** The site's press group id. */
  site: number;
  language: Language;
  /** The releases the press office features on the site's Home, above the list. */
  featured: FeaturedReleases;
  releases: DataTablesPage<PressReleaseListItem>;
  years: DataTablesPage<PressReleaseYear>;
  companies: { results: ReleaseCompanyOption[] };
}

export const firstScreenIds = { screen: 'first-screen', data: 'first-screen-data' } as const;

/** Releases on a page of Home's list: the web app asks for pages of this many, the server serves the first. */
export const homeListPageSize = 10;

/**
 * The web app's words the server writes into the first screen, by their i18n key: the web build takes them
 * from the app's catalogs into `firstScreenWordsFile` beside index.html, one map per language, and the server
 * reads that file, so every word has one source, the app's catalogs.
 */
export type FirstScreenWordKey =
  | 'app.copyright'
  | 'app.privacy'
  | 'home.title'
  | 'pressReleases.search'
  | 'pressReleases.companyFilter'
  | 'pressReleases.allCompanies'
  | 'pressReleases.companyOption'
  | 'pressReleases.brandOption'
  | 'pressReleases.alerts'
  | 'pressReleases.feed'
  | 'pressReleases.featured'
  | 'pressReleases.year'
  | 'pressReleases.allYears'
  | 'pressReleases.count'
  | 'pressReleases.empty'
  | 'pressReleases.number'
  | 'pressReleases.pages';
export type FirstScreenWords = Record<Language, Record<FirstScreenWordKey, string>>;

export const firstScreenWordsFile = 'first-screen-words.json';
