import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  formatDay,
  languageCodes,
  languageName,
  languageOptions,
  narrowed,
  publicCoverageParams,
} from './coverage-view.ts';

describe('the "In the press" address', () => {
  it('names its filters and page, and what no filter could be is left out', () => {
    const filters = filtersFromParams(
      new URLSearchParams('edition=4&exhibitor=x&country=de&language=IT&media_type=radio&page=3'),
    );
    expect(filters).toEqual({
      edition: 4,
      exhibitor: null,
      country: 'DE',
      language: 'it',
      mediaType: 'radio',
      page: 3,
    });
    expect(narrowed(filters)).toBe(true);
    expect(
      filtersFromParams(new URLSearchParams('country=Germany&media_type=blog&page=-2&edition=0')),
    ).toEqual({ edition: null, exhibitor: null, country: '', language: '', mediaType: '', page: 1 });
    expect(narrowed(filtersFromParams(new URLSearchParams('page=2')))).toBe(false);
  });

  it('asks the API for the filters given and nothing else', () => {
    const filters = filtersFromParams(new URLSearchParams('country=fr&page=2'));
    expect(publicCoverageParams(filters, 20)).toEqual({
      edition: undefined,
      exhibitor: undefined,
      country: 'FR',
      language: undefined,
      media_type: undefined,
      page: 2,
      page_size: 20,
    });
  });
});

describe("a piece's language and date", () => {
  it('are named in the reader’s language', () => {
    expect(languageName('de', 'it')).toBe('tedesco');
    expect(languageName('ja', 'en')).toBe('Japanese');
    expect(formatDay('2026-10-01', 'en')).toBe('October 1, 2026');
    expect(formatDay('2026-10-01', 'de')).toBe('1. Oktober 2026');
  });

  it('may be any ISO 639-1 language, offered by name in the reader’s order', () => {
    const codes = languageCodes();
    expect(codes).toEqual(expect.arrayContaining(['en', 'it', 'ja', 'sw', 'he', 'ar']));
    expect(codes).not.toContain('xx');
    expect(languageOptions(['it', 'de', 'en'], 'en').map((option) => option.label)).toEqual([
      'English',
      'German',
      'Italian',
    ]);
  });
});
