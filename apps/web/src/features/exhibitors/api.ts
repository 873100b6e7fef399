import {
  type AlertSubscribeInput,
  type AlertSubscription,
  apiPaths,
  type Directory,
  type MyAlertSubscription,
  type ProgrammeEventList,
  type PublicCoveragePage,
  type PublicExhibitor,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../lib/api-client.ts';
import { type DirectoryFilters, directoryParams } from './directory-view.ts';
import type { FollowPlan } from './follow-plan.ts';

export const directoryPageSize = 24;

export const directoryQuery = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: ['exhibitor-directory', filters],
    // The list stays while the next filter's answer comes, instead of flashing empty.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<Directory>(
        `${apiPaths.exhibitorDirectory}${queryString(directoryParams(filters, directoryPageSize))}`,
        { signal },
      ),
  });

/** The press box in the reader's language; what the signed-in reader may see (pictures, following) differs. */
export const exhibitorQuery = (id: number, language: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['public-exhibitor', id, language, signedIn],
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<PublicExhibitor>(`${apiPaths.publicExhibitor(id)}${queryString({ language })}`, { signal }),
  });

/** The exhibitor's events on its edition's press programme (approved, and cancelled ones shown so). */
/** The newest approved coverage naming the exhibitor on this site ("In the press" filtered by it). */
export const exhibitorCoverageQuery = (exhibitor: number) =>
  queryOptions({
    queryKey: ['exhibitor-coverage', exhibitor],
    queryFn: ({ signal }) =>
      apiRequest<PublicCoveragePage>(
        `${apiPaths.publicCoverage}${queryString({ exhibitor, page_size: 10 })}`,
        {
          signal,
        },
      ),
  });

export const exhibitorEventsQuery = (exhibitor: number, edition: number) =>
  queryOptions({
    queryKey: ['exhibitor-events', exhibitor, edition],
    queryFn: ({ signal }) =>
      apiRequest<ProgrammeEventList>(`${apiPaths.programme}${queryString({ edition, exhibitor })}`, {
        signal,
      }),
  });

/** The signed-in reader's own alert subscription on the site, read afresh before changing it. */
export const fetchMySubscription = () =>
  apiRequest<MyAlertSubscription>(apiPaths.myAlertSubscription).then((answer) => answer.subscription);

/** Carries out a follow or unfollow through the alerts API. */
export async function carryOut(plan: FollowPlan, consent: boolean): Promise<void> {
  switch (plan.kind) {
    case 'subscribe':
      await apiRequest<{ status: string }>(apiPaths.alertSubscriptions, {
        method: 'POST',
        body: { ...plan.body, consent } satisfies Omit<AlertSubscribeInput, 'consent'> & { consent: boolean },
      });
      return;
    case 'update':
      await apiRequest<AlertSubscription>(apiPaths.alertManage(plan.token), {
        method: 'PATCH',
        body: plan.body,
        auth: false,
      });
      return;
    case 'unsubscribe':
      await apiRequest<{ detail: string }>(apiPaths.alertUnsubscribe(plan.token), {
        method: 'POST',
        body: {},
        auth: false,
      });
      return;
    case 'coveredByAll':
      return;
  }
}
