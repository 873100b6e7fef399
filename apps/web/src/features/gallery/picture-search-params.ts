import {
  type PictureSearchQuery,
  pictureKinds,
  pictureOrientations,
  pictureSearchLimits,
} from '@pressroom/contract';

/** What the address may say of a picture search, read into the question the server accepts. */
export function pictureSearchFromParams(params: URLSearchParams): PictureSearchQuery {
  const id = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[]) => {
    const value = params.get(key);
    return allowed.find((candidate) => candidate === value);
  };
  const page = id('page') ?? 1;
  return {
    search: (params.get('search') ?? '').trim().slice(0, pictureSearchLimits.termLength) || undefined,
    site: id('site'),
    company: id('company'),
    brand: id('brand'),
    orientation: oneOf('orientation', pictureOrientations),
    kind: oneOf('kind', pictureKinds),
    // An old or hand-made address past the last page the server answers lands on that page.
    page: Math.min(page, pictureSearchLimits.maxPage),
    page_size: pictureSearchLimits.defaultPageSize,
  };
}

/** How many pages the count fills, within the deepest page the server answers. */
export function pictureSearchPageCount(count: number, pageSize: number): number {
  return Math.min(Math.ceil(count / pageSize), pictureSearchLimits.maxPage);
}

/** How many filters narrow the search (its words aside): the count the phones' "Filters" button shows. */
export function activePictureFilters(query: PictureSearchQuery): number {
  return [query.site, query.company, query.brand, query.orientation, query.kind].filter(
    (value) => value !== undefined,
  ).length;
}
