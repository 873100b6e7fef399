import {
  apiPaths,
  type CampaignRequest,
  type CampaignTestRequest,
  type CampaignView,
  type Edition,
  type ProgrammeEventList,
  type RecipientFiltersInput,
  type RecipientListRequest,
  type RecipientListView,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../lib/api-client.ts';

export const recipientListsQuery = queryOptions({
  queryKey: ['back-office', 'recipient-lists'],
  queryFn: ({ signal }) =>
    apiRequest<{ results: RecipientListView[] }>(apiPaths.recipientLists, { signal }).then(
      (answer) => answer.results,
    ),
});

export const campaignsQuery = (language: string) =>
  queryOptions({
    queryKey: ['back-office', 'campaigns', language],
    queryFn: ({ signal }) =>
      apiRequest<{ results: CampaignView[] }>(apiPaths.campaigns, { signal, language }).then(
        (answer) => answer.results,
      ),
  });

/** How many consenting journalists the filters find now: asked again as the filters change. */
export const recipientCountQuery = (filters: RecipientFiltersInput) =>
  queryOptions({
    queryKey: ['back-office', 'recipient-count', filters],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<{ recipients: number }>(apiPaths.recipientCount, { method: 'POST', body: filters, signal }),
  });

export const editionsQuery = queryOptions({
  queryKey: ['back-office', 'campaign-editions'],
  queryFn: ({ signal }) =>
    apiRequest<{ results: Edition[] }>(apiPaths.editions, { signal }).then((answer) => answer.results),
});

/** The current edition's approved events: what a list may ask to have been signed up for. */
export const eventsQuery = (language: string) =>
  queryOptions({
    queryKey: ['back-office', 'campaign-events', language],
    queryFn: ({ signal }) =>
      apiRequest<ProgrammeEventList>(`${apiPaths.programmeAdmin}${queryString({ status: 'approved' })}`, {
        signal,
        language,
      }).then((answer) => answer.data),
  });

export const campaignsApi = {
  createList: (body: RecipientListRequest) =>
    apiRequest<RecipientListView>(apiPaths.recipientLists, { method: 'POST', body }),
  updateList: (id: number, body: RecipientListRequest) =>
    apiRequest<RecipientListView>(apiPaths.recipientList(id), { method: 'PUT', body }),
  deleteList: (id: number) => apiRequest<void>(apiPaths.recipientList(id), { method: 'DELETE' }),
  send: (body: CampaignRequest) => apiRequest<CampaignView>(apiPaths.campaigns, { method: 'POST', body }),
  test: (body: CampaignTestRequest) =>
    apiRequest<{ detail: string }>(apiPaths.campaignTest, { method: 'POST', body }),
};
