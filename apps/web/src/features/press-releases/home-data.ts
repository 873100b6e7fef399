import type { FirstScreenData } from '@pressroom/contract';
import { currentLanguage } from '../../lib/i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { knownGroup } from '../../lib/site.ts';
import { releaseCompaniesQuery } from './api/company-api.ts';
import {
  featuredReleasesQuery,
  prefetchPublicList,
  publicReleasesQuery,
  releaseYearsQuery,
} from './api/public-list.ts';

/**
 * Starts Home's list (the page and years the address asks for) when the navigation starts, beside the
 * download of Home's screen instead of after it. Without a known site group the screen looks it up first.
 */
export function prefetchHome(url: URL) {
  const group = knownGroup();
  if (!group) return;
  prefetchPublicList(queryClient, {
    groupId: group.id,
    params: url.searchParams,
    language: currentLanguage(),
  });
}

/**
 * Puts the answers the server served with Home's first screen into the cache under the keys Home's list asks
 * them by (featured releases, first page, all years, no search or company, signed out), dated when the page was loaded: the list
 * shows them at once and asks again only once they are stale, as for answers it fetched itself.
 */
export function keepFirstScreenAnswers(data: FirstScreenData) {
  const { site: groupId, language } = data;
  const updatedAt = performance.timeOrigin;
  const list = { groupId, language, year: null, page: 1, search: '', company: null, brand: null };
  queryClient.setQueryData(publicReleasesQuery(list).queryKey, data.releases, { updatedAt });
  queryClient.setQueryData(featuredReleasesQuery(groupId, language).queryKey, data.featured, { updatedAt });
  queryClient.setQueryData(releaseYearsQuery(groupId, language, '').queryKey, data.years, { updatedAt });
  queryClient.setQueryData(releaseCompaniesQuery(groupId, false).queryKey, data.companies, { updatedAt });
}
