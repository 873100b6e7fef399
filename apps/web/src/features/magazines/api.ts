import { apiPaths, type Magazine, type MagazineKind, type Page } from '@pressroom/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../lib/api-client.ts';

export interface MagazineFilters {
  month: number | null;
  year: number | null;
  territory: string | null;
}

export const magazinesQuery = (kind: MagazineKind, filters: MagazineFilters) =>
  infiniteQueryOptions({
    queryKey: ['magazines', kind, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<Magazine>>(
        `${apiPaths.magazines}${queryString({ kind, ...filters, page: pageParam, page_size: 24 })}`,
        { signal },
      ),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

export const magazineFacetsQuery = (kind: MagazineKind) =>
  queryOptions({
    queryKey: ['magazine-facets', kind],
    queryFn: ({ signal }) =>
      apiRequest<{ years: number[]; territories: string[] }>(
        `${apiPaths.magazineFacets}${queryString({ kind })}`,
        {
          signal,
        },
      ),
  });
