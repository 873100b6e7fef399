import type { ReleaseVoices } from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';

/** Who speaks for a release (its own contacts, else the site's) and the site's boilerplate. */
export const releaseVoicesQuery = (releaseId: number, language: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['release-voices', releaseId, language, signedIn],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiRequest<ReleaseVoices>(
        `${apiPaths.releaseVoices}${queryString({ press_release: releaseId, language })}`,
        { signal },
      ),
  });
