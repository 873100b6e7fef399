import { type AlertSubscribeInput, apiPaths, type MyAlertSubscription } from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The signed-in user's own e-mail alerts on this site (their account's address), with its preferences page. */
export const ownAlertsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['own-alerts', userId],
    enabled: userId !== undefined,
    queryFn: ({ signal }) => apiRequest<MyAlertSubscription>(apiPaths.myAlertSubscription, { signal }),
  });

/** Subscribes the user's own address: the API makes a signed-in owner's subscription active at once. */
export const subscribeOwnAddress = (body: AlertSubscribeInput) =>
  apiRequest<{ status: 'pending' | 'active' }>(apiPaths.alertSubscriptions, { method: 'POST', body });
