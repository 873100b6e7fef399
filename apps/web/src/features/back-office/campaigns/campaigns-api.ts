import {
  apiPaths,
  type CampaignRequest,
  type CampaignTestRequest,
  type CampaignView,
  type DataTablesPage,
  type Edition,
  type PressReleaseListItem,
  type ProgrammeEventList,
  type RecipientFiltersInput,
  type RecipientListRequest,
  type RecipientListView,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, dataTablesParams, queryString } from '../../../lib/api-client.ts';

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

/** The site's published releases whose title matches, newest first: what a campaign may send. */
export const releaseChoicesQuery = (group: number | undefined, search: string, language: string) =>
  queryOptions({
    queryKey: ['back-office', 'campaign-release-choices', group, search, language],
    enabled: group !== undefined,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const params = {
        ...dataTablesParams({
          columns: ['publication_date', 'number', 'title'],
          start: 0,
          length: 20,
          order: { column: 0, dir: 'desc' },
        }),
        group,
        search: search || undefined,
      };
      const page = await apiRequest<DataTablesPage<PressReleaseListItem>>(
        `${apiPaths.pressReleases}${queryString(params)}`,
        { signal, language },
      );
      return page.data.map((release) => ({ id: release.id, title: release.title }));
    },
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
