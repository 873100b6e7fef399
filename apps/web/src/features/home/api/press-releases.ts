import type { DataTablesPage, PressRelease, PressReleaseListItem, PressReleaseYear } from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from '../../../lib/api-client.ts';

export const releasesPageSize = 10;

export const releaseYearsQuery = (groupId: number | undefined, language: string) =>
  queryOptions({
    queryKey: ['press-release-years', groupId, language],
    enabled: groupId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest<DataTablesPage<PressReleaseYear>>(
        `${apiPaths.pressReleaseYears}${queryString({ group: groupId, format: 'datatables' })}`,
        { signal },
      ),
  });

/** Published releases of the site, newest first, optionally of one year, one page at a time. */
export const releasesQuery = (options: {
  groupId: number | undefined;
  year: number | null;
  page: number;
  language: string;
}) =>
  queryOptions({
    queryKey: ['press-releases', options],
    enabled: options.groupId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = {
        ...dataTablesParams({
          columns: ['publication_date', 'number', 'title'],
          start: (options.page - 1) * releasesPageSize,
          length: releasesPageSize,
          order: { column: 0, dir: 'desc' },
        }),
        group: options.groupId,
        year: options.year,
      };
      return apiRequest<DataTablesPage<PressReleaseListItem>>(
        `${apiPaths.pressReleases}${queryString(params)}`,
        { signal },
      );
    },
  });

export const releaseQuery = (id: string, language: string) =>
  queryOptions({
    queryKey: ['press-release', id, language],
    queryFn: ({ signal }) => apiRequest<PressRelease>(apiPaths.pressRelease(id), { signal }),
  });
