import {
  apiPaths,
  type Edition,
  type InterviewAcceptInput,
  type InterviewCancelInput,
  type InterviewCounts,
  type InterviewDeclineInput,
  type InterviewRequest,
  type InterviewRequestCreateInput,
  type InterviewRequestPage,
  type InterviewStatus,
  interviewsPageSize,
  type MyAccreditation,
  type PublicExhibitor,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiBlob, apiRequest, queryString } from '../../../lib/api-client.ts';

/** The exhibitor a journalist asks: its name and its edition's days. */
export const exhibitorQuery = (id: number) =>
  queryOptions({
    queryKey: ['interviews', 'exhibitor', id],
    queryFn: ({ signal }) => apiRequest<PublicExhibitor>(apiPaths.publicExhibitor(id), { signal }),
  });

/** The journalist's accreditations: whether they may ask an edition's exhibitors at all. */
export const myAccreditationsQuery = () =>
  queryOptions({
    queryKey: ['accreditation', 'mine'],
    queryFn: ({ signal }) => apiRequest<MyAccreditation>(apiPaths.myAccreditation, { signal }),
  });

/** The journalist's own requests ("My fair"). */
export const myInterviewsQuery = () =>
  queryOptions({
    queryKey: ['interviews', 'mine'],
    queryFn: ({ signal }) => apiRequest<{ data: InterviewRequest[] }>(apiPaths.interviews, { signal }),
  });

/**
 * A page (the first is 0) of the requests to the signed-in administrator's company, of one status or all; the
 * previous page stays on screen while the next one loads.
 */
export const exhibitorInterviewsQuery = (page: number, status: InterviewStatus | '') =>
  queryOptions({
    queryKey: ['interviews', 'exhibitor-side', page, status],
    queryFn: ({ signal }) =>
      apiRequest<InterviewRequestPage>(
        `${apiPaths.exhibitorInterviews}${queryString({ page: page + 1, page_size: interviewsPageSize, status })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** The editions the press office may count requests of, newest first. */
export const interviewEditionsQuery = queryOptions({
  queryKey: ['interviews', 'editions'],
  queryFn: async ({ signal }) => {
    const { results } = await apiRequest<{ results: Edition[] }>(apiPaths.editions, { signal });
    return [...results]
      .sort((a, b) => b.starts_on.localeCompare(a.starts_on))
      .map(({ id, name, starts_on }) => ({ id, name, starts_on }));
  },
});

/** Requests per exhibitor of an edition, by outcome (numbers only). */
export const interviewCountsQuery = (edition: number) =>
  queryOptions({
    queryKey: ['interviews', 'counts', edition],
    queryFn: ({ signal }) =>
      apiRequest<InterviewCounts>(`${apiPaths.interviewCounts}${queryString({ edition })}`, { signal }),
  });

export const interviewsApi = {
  ask: (body: InterviewRequestCreateInput) => apiRequest<InterviewRequest>(apiPaths.interviews, { body }),
  cancel: (id: number, body: InterviewCancelInput) =>
    apiRequest<InterviewRequest>(apiPaths.interviewCancel(id), { body }),
  accept: (id: number, body: InterviewAcceptInput) =>
    apiRequest<InterviewRequest>(apiPaths.interviewAccept(id), { body }),
  decline: (id: number, body: InterviewDeclineInput) =>
    apiRequest<InterviewRequest>(apiPaths.interviewDecline(id), { body }),
  cancelForExhibitor: (id: number, body: InterviewCancelInput) =>
    apiRequest<InterviewRequest>(apiPaths.exhibitorInterviewCancel(id), { body }),
  /** The invitation (.ics) of an accepted request, fetched with the session's token. */
  calendar: (url: string) => apiBlob(url),
};
