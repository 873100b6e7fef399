import type { DataTablesPage, PressGroup, SiteInfo } from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from './api-client.ts';
import { readJson, storageKeys, writeJson } from './storage.ts';

export const fetchSiteInfo = () => apiRequest<SiteInfo>(apiPaths.siteInfo, { auth: false });

export const siteInfoQuery = queryOptions({
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

export function storedGroup(): PressGroup | null {
  return readJson(storageKeys.group, isGroup);
}

/**
 * The specification's lookup: the site's name (the server knows it from the hostname) searched in the
 * press_group list with a DataTables column filter; the first result is stored under `group`.
 */
export async function lookupGroup(): Promise<PressGroup> {
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

/** The stored group, looked up once when missing. */
export const siteGroupQuery = queryOptions({
  queryKey: ['site-group'],
  queryFn: async () => storedGroup() ?? lookupGroup(),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

export function useSiteGroup() {
  return useQuery(siteGroupQuery);
}
