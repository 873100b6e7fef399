import {
  apiPaths,
  type ReleaseCompanyOption,
  type Statistics,
  type StatisticsQuery,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiBlob, apiRequest, queryString } from '../../../lib/api-client.ts';

export const statisticsQuery = (filter: StatisticsQuery) =>
  queryOptions({
    queryKey: ['statistics', filter],
    queryFn: ({ signal }) =>
      apiRequest<Statistics>(`${apiPaths.statistics}${queryString({ ...filter })}`, { signal }),
  });

export const statisticsFiles = {
  csv: (filter: StatisticsQuery) => apiBlob(`${apiPaths.statisticsCsv}${queryString({ ...filter })}`),
  report: (filter: StatisticsQuery) => apiBlob(`${apiPaths.statisticsReport}${queryString({ ...filter })}`),
};

/** The member companies with releases on a site: whose figures the press office may look at alone. */
export const companiesWithReleasesQuery = (groupId: number | undefined) =>
  queryOptions({
    queryKey: ['statistics-companies', groupId],
    enabled: groupId !== undefined,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiRequest<{ results: ReleaseCompanyOption[] }>(
        `${apiPaths.publicReleaseCompanies}${queryString({ group: groupId })}`,
        { signal },
      ),
  });
