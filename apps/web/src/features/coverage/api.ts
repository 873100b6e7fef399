import {
  apiPaths,
  type Coverage,
  type CoverageCreate,
  type CoveragePage,
  type CoverageStatus,
  coveragePageSize,
  type Directory,
  type Profile,
  type PublicCoverageFilters,
  type PublicCoveragePage,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiBlob, apiRequest, queryString } from '../../lib/api-client.ts';
import { sendMultipart } from '../../lib/multipart-upload.ts';
import { type CoverageFilters, publicCoverageParams } from './coverage-view.ts';

/** A page of the site's approved coverage; the list stays while the next filter's answer comes. */
export const publicCoverageQuery = (filters: CoverageFilters) =>
  queryOptions({
    queryKey: ['coverage', 'public', filters],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<PublicCoveragePage>(
        `${apiPaths.publicCoverage}${queryString(publicCoverageParams(filters, coveragePageSize))}`,
        { signal },
      ),
  });

/** What the filters and the report form choose from: the site's editions, the covered exhibitors... */
export const coverageFiltersQuery = () =>
  queryOptions({
    queryKey: ['coverage', 'filters'],
    queryFn: ({ signal }) => apiRequest<PublicCoverageFilters>(apiPaths.publicCoverageFilters, { signal }),
  });

/** The signed-in journalist's own reports on this site. */
export const myCoverageQuery = () =>
  queryOptions({
    queryKey: ['coverage', 'mine'],
    queryFn: ({ signal }) => apiRequest<{ data: Coverage[] }>(apiPaths.coverage, { signal }),
  });

/** The press office's list of one status, a page at a time (the first is 0). */
export const officeCoverageQuery = (status: CoverageStatus, page: number) =>
  queryOptions({
    queryKey: ['coverage', 'office', status, page],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<CoveragePage>(
        `${apiPaths.coverageAdmin}${queryString({ status, page: page + 1, page_size: coveragePageSize })}`,
        { signal },
      ),
  });

/** The journalist's press data: what the report form starts from (outlet, media type, country, reach). */
export const pressDataQuery = () =>
  queryOptions({
    queryKey: ['coverage', 'press-data'],
    queryFn: ({ signal }) => apiRequest<Profile>(apiPaths.profile, { signal }),
    staleTime: 60_000,
  });

export interface Choice {
  id: number;
  name: string;
}

/** An edition's exhibitors whose name matches (the public directory; the current edition when none). */
export const exhibitorChoicesQuery = (edition: number | null, search: string) =>
  queryOptions({
    queryKey: ['coverage', 'exhibitor-choices', edition, search],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const answer = await apiRequest<Directory>(
        `${apiPaths.exhibitorDirectory}${queryString({ edition: edition ?? undefined, search: search || undefined, page_size: 20 })}`,
        { signal },
      );
      return answer.results.map((entry) => ({ id: entry.id, name: entry.company.name }));
    },
  });

export const coverageApi = {
  /** A journalist's report waits for the office; the office's own is approved at once. */
  report: (body: CoverageCreate, office: boolean) =>
    apiRequest<Coverage>(office ? apiPaths.coverageAdmin : apiPaths.coverage, { body }),
  attachClipping: (id: number, file: File, language: string) =>
    sendMultipart<Coverage>({
      method: 'PUT',
      path: apiPaths.coverageClipping(id),
      files: { clipping: file },
      language,
    }).done,
  approve: (id: number) => apiRequest<Coverage>(apiPaths.coverageApprove(id), { method: 'POST' }),
  reject: (id: number, reason: string) =>
    apiRequest<Coverage>(apiPaths.coverageReject(id), { body: { reason } }),
  /** The clipping, fetched with the session's token (it is never public). */
  clipping: (url: string) => apiBlob(url),
};
