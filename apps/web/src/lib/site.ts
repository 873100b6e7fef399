import type { DataTablesPage, PressGroup, SiteInfo } from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from './api-client.ts';
import { readJson, storageKeys, writeJson } from './storage.ts';

const fetchSiteInfo = () => apiRequest<SiteInfo>(apiPaths.siteInfo, { auth: false });

const siteInfoQuery = queryOptions({
  queryKey: ['site-info'],
  queryFn: fetchSiteInfo,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}

function isGroup(value: unknown): value is PressGroup {
  const group = value as PressGroup;
  return typeof value === 'object' && value !== null && typeof group.id === 'number' && !!group.name;
}

function storedGroup(): PressGroup | null {
  return readJson(storageKeys.group, isGroup);
}

/** The site's group as the server wrote it into index.html (apps/api web-app.ts), when it did. */
function servedGroup(): PressGroup | null {
  if (typeof document === 'undefined') return null;
  const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  const group = { id: Number(meta('pressroom-site-id')), name: meta('pressroom-site-name') ?? '' };
  return Number.isInteger(group.id) && group.id > 0 && isGroup(group) ? group : null;
}

/**
 * The group without asking the API: the stored one, else the one the page came with (stored under `group`,
 * as a looked-up one would be). Null when neither is there (the dev server's page): then it is looked up.
 */
export function knownGroup(): PressGroup | null {
  const stored = storedGroup();
  if (stored) return stored;
  const served = servedGroup();
  if (served) writeJson(storageKeys.group, served);
  return served;
}

/**
 * The specification's lookup: the site's name (the server knows it from the hostname) searched in the
 * press_group list with a DataTables column filter; the first result is stored under `group`.
 */
async function lookupGroup(): Promise<PressGroup> {
  const site = await fetchSiteInfo();
  const params = dataTablesParams({
    columns: ['id', 'name'],
    columnSearch: { name: site.name },
    order: { column: 0, dir: 'asc' },
    length: 10,
  });
  const page = await apiRequest<DataTablesPage<PressGroup>>(`${apiPaths.pressGroups}${queryString(params)}`, {
    auth: false,
  });
  const group = page.data.find((row) => row.name === site.name) ?? page.data[0];
  if (!group) throw new Error(`No press group is named "${site.name}"`);
  writeJson(storageKeys.group, group);
  return group;
}

/** The stored group (or the page's), looked up once when missing. */
const siteGroupQuery = queryOptions({
  queryKey: ['site-group'],
  queryFn: async () => knownGroup() ?? lookupGroup(),
  // Known at once when stored or served: the screens' first render already has it, no extra render.
  initialData: () => knownGroup() ?? undefined,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

export function useSiteGroup() {
  return useQuery(siteGroupQuery);
}
