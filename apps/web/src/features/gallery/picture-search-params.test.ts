import { describe, expect, it } from 'vitest';
import {
  activePictureFilters,
  pictureSearchFromParams,
  pictureSearchPageCount,
} from './picture-search-params.ts';

describe('the picture search read from the address', () => {
  it('a shared address gives back the words, filters and page it was made with', () => {
    expect(
      pictureSearchFromParams(
        new URLSearchParams(
          'search=%20cer%C3%A1mica%20&company=4&brand=9&site=2&orientation=portrait&kind=release_image&page=3',
        ),
      ),
    ).toEqual({
      search: 'cerámica',
      company: 4,
      brand: 9,
      site: 2,
      orientation: 'portrait',
      kind: 'release_image',
      page: 3,
      page_size: 24,
    });
  });

  it('an address typed by hand never asks what the server refuses: unknown values are left out', () => {
    expect(
      pictureSearchFromParams(
        new URLSearchParams('company=abc&brand=-1&orientation=round&kind=sound&page=0'),
      ),
    ).toEqual({
      search: undefined,
      site: undefined,
      company: undefined,
      brand: undefined,
      orientation: undefined,
      kind: undefined,
      page: 1,
      page_size: 24,
    });
    expect(pictureSearchFromParams(new URLSearchParams('kind=video')).kind).toBe('video');
    expect(pictureSearchFromParams(new URLSearchParams('page=9999')).page).toBe(200);
    expect(pictureSearchFromParams(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(
      100,
    );
  });

  it('counts the pages, never past the deepest one the server answers', () => {
    expect(pictureSearchPageCount(0, 24)).toBe(0);
    expect(pictureSearchPageCount(25, 24)).toBe(2);
    expect(pictureSearchPageCount(20_000, 24)).toBe(200);
  });
});

describe("the picture search's active filters", () => {
  it('counts site, company, brand, orientation and kind, not the words nor the page', () => {
    expect(activePictureFilters(pictureSearchFromParams(new URLSearchParams('search=tiles&page=3')))).toBe(0);
    expect(
      activePictureFilters(
        pictureSearchFromParams(new URLSearchParams('company=4&orientation=portrait&kind=gallery_image')),
      ),
    ).toBe(3);
  });
});
