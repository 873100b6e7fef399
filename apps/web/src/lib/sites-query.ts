import { apiPaths, type DataTablesPage, type PressGroup } from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from './api-client.ts';

/** Every site (press group) by name: the site choices and filters of the back office's content screens. */
export const sitesQuery = queryOptions({
  queryKey: ['press-groups'],
  staleTime: 5 * 60_000,
  queryFn: ({ signal }) =>
    apiRequest<DataTablesPage<PressGroup>>(
      `${apiPaths.pressGroups}${queryString(dataTablesParams({ columns: ['id', 'name'], order: { column: 1, dir: 'asc' } }))}`,
      { signal, auth: false },
    ).then((page) => page.data),
});
