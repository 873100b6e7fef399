import type { PressReleaseListItem, ReleaseCompanyOption } from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';

/** Member companies with releases on the site (Home's company and brand filter), by name. */
export const releaseCompaniesQuery = (groupId: number | undefined, signedIn: boolean) =>
  queryOptions({
    queryKey: ['press-release-companies', groupId, signedIn],
    enabled: groupId !== undefined,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiRequest<{ results: ReleaseCompanyOption[] }>(
        `${apiPaths.publicReleaseCompanies}${queryString({ group: groupId })}`,
        { signal },
      ),
  });

/** Releases to read next under a release: its company's, then the nearest by text. */
export const relatedReleasesQuery = (releaseId: number, language: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['press-release-related', releaseId, language, signedIn],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiRequest<{ results: PressReleaseListItem[] }>(
        `${apiPaths.pressReleaseRelated(releaseId)}${queryString({ language })}`,
        { signal, language },
      ),
  });
