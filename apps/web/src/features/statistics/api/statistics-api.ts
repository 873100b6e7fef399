import { apiPaths, type Statistics, type StatisticsQuery } from '@pressroom/contract';
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
