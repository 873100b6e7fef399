import { isLanguageCode, type MediaType, mediaTypes } from '@pressroom/contract';

// What the "In the press" address says (its filters and page, shareable), and how pieces' languages and dates
// read in the reader's language.

export interface CoverageFilters {
  edition: number | null;
  exhibitor: number | null;
  /** An ISO 3166-1 alpha-2 code, or empty. */
  country: string;
  /** An ISO 639-1 code, or empty. */
  language: string;
  mediaType: MediaType | '';
  page: number;
}

const positiveId = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
};

const isMediaType = (value: string): value is MediaType => (mediaTypes as readonly string[]).includes(value);

/** The filters an address names; what no filter could be (a hand-edited address) is left out. */
export function filtersFromParams(params: URLSearchParams): CoverageFilters {
  const country = (params.get('country') ?? '').trim().toUpperCase();
  const language = (params.get('language') ?? '').trim().toLowerCase();
  const mediaType = params.get('media_type') ?? '';
  const page = Number(params.get('page'));
  return {
    edition: positiveId(params.get('edition')),
    exhibitor: positiveId(params.get('exhibitor')),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    language: /^[a-z]{2}$/.test(language) ? language : '',
    mediaType: isMediaType(mediaType) ? mediaType : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The public list's parameters for the filters (none of those left empty). */
export function publicCoverageParams(filters: CoverageFilters, pageSize: number) {
  return {
    edition: filters.edition ?? undefined,
    exhibitor: filters.exhibitor ?? undefined,
    country: filters.country || undefined,
    language: filters.language || undefined,
    media_type: filters.mediaType || undefined,
    page: filters.page,
    page_size: pageSize,
  };
}

/** Whether any filter narrows the list. */
export const narrowed = (filters: CoverageFilters) =>
  Boolean(filters.edition || filters.exhibitor || filters.country || filters.language || filters.mediaType);

/** A language by its name in the reader's language; the code itself when the browser cannot name it. */
export function languageName(code: string, reader: string): string {
  try {
    return new Intl.DisplayNames([reader], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

let knownCodes: string[] | null = null;

/** Every ISO 639-1 code the contract accepts (a piece may be in any language, not only the interface's). */
export function languageCodes(): string[] {
  if (!knownCodes) {
    const letters = Array.from({ length: 26 }, (_, index) => String.fromCharCode(97 + index));
    knownCodes = letters.flatMap((first) =>
      letters.map((second) => `${first}${second}`).filter((code) => isLanguageCode(code)),
    );
  }
  return knownCodes;
}

/** Languages as a menu offers them: named in the reader's language, in its alphabetical order. */
export function languageOptions(codes: readonly string[], reader: string) {
  return codes
    .map((code) => ({ value: code, label: languageName(code, reader) }))
    .sort((a, b) => a.label.localeCompare(b.label, reader));
}

/** A calendar day (YYYY-MM-DD) as the reader's language writes it. */
export function formatDay(day: string, reader: string): string {
  return new Intl.DateTimeFormat(reader, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T12:00:00Z`),
  );
}

/** Today in UTC (YYYY-MM-DD): the latest publication date the form offers (the server allows a day more). */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
