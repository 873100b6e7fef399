import type {
  DataTablesPage,
  FeaturedReleases,
  PressReleaseListItem,
  PressReleaseYear,
} from '@pressroom/contract';
import { apiPaths, homeListPageSize } from '@pressroom/contract';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from '../../../lib/api-client.ts';

/**
 * The public list of a site's releases (Home), apart from the rest of the releases API: the route table
 * starts its first page while Home's screen is still downloading (prefetchPublicList), so this stays small.
 */

export const publicPageSize = homeListPageSize;

/** The list's year, page, search, company and brand as the address holds them. */
export function publicListParams(params: URLSearchParams) {
  return {
    year: Number(params.get('year')) || null,
    page: Math.max(1, Number(params.get('page')) || 1),
    search: (params.get('q') ?? '').trim(),
    company: Number(params.get('company')) || null,
    brand: Number(params.get('brand')) || null,
  };
}

/** Home shows its featured releases above its first page, unless the reader narrows the list. */
export const showsFeatured = (list: ReturnType<typeof publicListParams>) =>
  list.page === 1 && list.year === null && list.search === '' && list.company === null && list.brand === null;

/** Only the releases of a member company, or of the companies carrying a brand. */
export interface CompanyFilter {
  company: number | null;
  brand: number | null;
}

/** Years with published releases of a site (the specification's call), newest first. */
export const releaseYearsQuery = (
  groupId: number | undefined,
  language: string,
  search: string,
  filter: CompanyFilter = { company: null, brand: null },
) =>
  queryOptions({
    queryKey: ['press-release-years', groupId, language, search, filter],
    enabled: groupId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<DataTablesPage<PressReleaseYear>>(
        `${apiPaths.pressReleaseYears}${queryString({ group: groupId, format: 'datatables', search, ...filter })}`,
        { signal, language },
      ),
  });

export interface PublicListOptions extends Partial<CompanyFilter> {
  groupId: number | undefined;
  year: number | null;
  /** Full-text search in the language of each text (the API's `search` parameter). */
  search: string;
  page: number;
  language: string;
}

/** Published releases of the site, newest first, one page at a time. */
export const publicReleasesQuery = (options: PublicListOptions) =>
  queryOptions({
    queryKey: ['press-releases', options],
    enabled: options.groupId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = {
        ...dataTablesParams({
          columns: ['publication_date', 'number', 'title'],
          start: (options.page - 1) * publicPageSize,
          length: publicPageSize,
          order: { column: 0, dir: 'desc' },
        }),
        group: options.groupId,
        year: options.year,
        search: options.search,
        company: options.company,
        brand: options.brand,
      };
      return apiRequest<DataTablesPage<PressReleaseListItem>>(
        `${apiPaths.pressReleases}${queryString(params)}`,
        { signal, language: options.language },
      );
    },
  });

/** The releases the press office features on the site's Home (at most three, newest first). */
export const featuredReleasesQuery = (groupId: number | undefined, language: string) =>
  queryOptions({
    queryKey: ['press-releases-featured', groupId, language],
    enabled: groupId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest<FeaturedReleases>(`${apiPaths.pressReleaseFeatured}${queryString({ group: groupId })}`, {
        signal,
        language,
      }),
  });

/** Starts the page of the list (and its years) the address asks for, as the list will ask for them. */
export function prefetchPublicList(
  client: QueryClient,
  options: { groupId: number; params: URLSearchParams; language: string },
) {
  const { year, page, search, company, brand } = publicListParams(options.params);
  const { groupId, language } = options;
  void client.prefetchQuery(publicReleasesQuery({ groupId, year, page, search, language, company, brand }));
  void client.prefetchQuery(releaseYearsQuery(groupId, language, search, { company, brand }));
  if (showsFeatured({ year, page, search, company, brand })) {
    void client.prefetchQuery(featuredReleasesQuery(groupId, language));
  }
}
