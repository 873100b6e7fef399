import {
  type AlertPreferencesInput,
  type AlertStats,
  type AlertSubscribeInput,
  type AlertSubscription,
  apiPaths,
  type ReleaseCompanyOption,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';

export const alertsApi = {
  subscribe: (body: AlertSubscribeInput) =>
    apiRequest<{ status: 'pending' | 'active' }>(apiPaths.alertSubscriptions, { method: 'POST', body }),
  confirm: (token: string) =>
    apiRequest<AlertSubscription>(apiPaths.alertConfirm, { method: 'POST', body: { token }, auth: false }),
  update: (token: string, body: AlertPreferencesInput) =>
    apiRequest<AlertSubscription>(apiPaths.alertManage(token), { method: 'PATCH', body, auth: false }),
  unsubscribe: (token: string) =>
    apiRequest<{ detail: string }>(apiPaths.alertUnsubscribe(token), {
      method: 'POST',
      body: {},
      auth: false,
    }),
};

/** A subscription as its token opens it (no sign-in). */
export const alertSubscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: ['alert-subscription', token],
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<AlertSubscription>(apiPaths.alertManage(token), { signal, auth: false }),
  });

/** Companies with releases on the site, with their brands: what a subscriber may follow. */
export const followableQuery = (groupId: number | undefined) =>
  queryOptions({
    queryKey: ['alert-followable', groupId],
    enabled: groupId !== undefined,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiRequest<{ results: ReleaseCompanyOption[] }>(
        `${apiPaths.publicReleaseCompanies}${queryString({ group: groupId })}`,
        { signal, auth: false },
      ),
  });

export const alertStatsQuery = () =>
  queryOptions({
    queryKey: ['alert-stats'],
    queryFn: ({ signal }) => apiRequest<AlertStats>(apiPaths.alertStats, { signal }),
  });
