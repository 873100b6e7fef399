import { apiPaths, type DataTablesPage, type PressReleaseListItem } from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from './api-client.ts';

/** A release as a picker offers and shows it. */
export interface ReleasePick {
  id: number;
  title: string;
}

/**
 * The site's releases whose title matches, newest first: the site's public list, what a reader can open. Every
 * picker of a release asks it (an event's links, a piece of coverage, an award's announcement, a campaign's
 * release) under one cache key, so a search typed in one is answered at once in another.
 */
export const releasePickQuery = (group: number | undefined, search: string, language: string) =>
  queryOptions({
    queryKey: ['release-pick', group, search, language],
    enabled: group !== undefined,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<ReleasePick[]> => {
      const params = {
        ...dataTablesParams({
          columns: ['publication_date', 'number', 'title'],
          start: 0,
          length: 20,
          order: { column: 0, dir: 'desc' },
        }),
        group,
        search: search || undefined,
      };
      const page = await apiRequest<DataTablesPage<PressReleaseListItem>>(
        `${apiPaths.pressReleases}${queryString(params)}`,
        { signal, language },
      );
      return page.data.map((release) => ({ id: release.id, title: release.title }));
    },
  });
