import { type DirectoryEntry, type ExhibitorCategory, exhibitorCategories } from '@pressroom/contract';

// What the directory's address says (its filters, shareable) and how its entries group under the A-Z index.

export interface DirectoryFilters {
  search: string;
  hall: string;
  category: ExhibitorCategory | '';
  /** An ISO 3166-1 alpha-2 code, or empty. */
  country: string;
  /** Only exhibitors with news at this edition. */
  news: boolean;
  /** One letter of the index, "#" for names starting with anything else, or empty. */
  letter: string;
  page: number;
}

/** The index's letters in order, as the server names them: "#" first, then A to Z. */
export const indexLetters = [
  '#',
  ...Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index)),
];

const isCategory = (value: string): value is ExhibitorCategory =>
  (exhibitorCategories as readonly string[]).includes(value);

/** The filters an address names; what no filter could be (a hand-edited address) is left out. */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const category = params.get('category') ?? '';
  const country = (params.get('country') ?? '').toUpperCase();
  const letter = (params.get('letter') ?? '').toUpperCase();
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    hall: params.get('hall')?.trim() ?? '',
    category: isCategory(category) ? category : '',
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    news: params.get('news') === 'true',
    letter: indexLetters.includes(letter) ? letter : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The directory call's parameters for the filters (none of those left empty). */
export function directoryParams(filters: DirectoryFilters, pageSize: number) {
  return {
    search: filters.search || undefined,
    hall: filters.hall || undefined,
    category: filters.category || undefined,
    country: filters.country || undefined,
    news: filters.news ? 'true' : undefined,
    letter: filters.letter || undefined,
    page: filters.page,
    page_size: pageSize,
  };
}

/** Whether any filter narrows the view (the search aside). */
export const narrowed = (filters: DirectoryFilters) =>
  Boolean(filters.hall || filters.category || filters.country || filters.news || filters.letter);

/** A name's letter in the index: its first letter without accents, "#" for anything else (as the server). */
export function initialOf(name: string): string {
  const first = name
    .trim()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .charAt(0)
    .toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

export interface LetterGroup {
  letter: string;
  entries: DirectoryEntry[];
}

/** Entries in the server's order, grouped under their letters in that order. */
export function groupByInitial(entries: DirectoryEntry[]): LetterGroup[] {
  const groups: LetterGroup[] = [];
  for (const entry of entries) {
    const letter = initialOf(entry.company.name);
    const last = groups.at(-1);
    if (last?.letter === letter) last.entries.push(entry);
    else groups.push({ letter, entries: [entry] });
  }
  return groups;
}

/** How many filters narrow the view, the index's letter among them (the search aside): the phones' count. */
export const activeFilters = (filters: DirectoryFilters) =>
  [filters.hall, filters.category, filters.country, filters.news, filters.letter].filter(Boolean).length;
