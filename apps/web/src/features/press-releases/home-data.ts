import { currentLanguage } from '../../lib/i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { knownGroup } from '../../lib/site.ts';
import { prefetchPublicList } from './api/public-list.ts';

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
