import {
  apiPaths,
  type MyProgramme,
  type ProgrammeClashList,
  type ProgrammeEvent,
  type ProgrammeEventList,
  type ProgrammeFeedToken,
  type ProgrammeListQuery,
  type ProgrammeSignup,
} from '@pressroom/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../lib/api-client.ts';

/** The filters the screen keeps in its address and the server applies (the day is the screen's tabs). */
export type ProgrammeFilters = Pick<ProgrammeListQuery, 'type' | 'hall' | 'organiser' | 'language'>;

/** The site's programme of its current edition; who is signed in changes `my_signup`. */
export const programmeQuery = (filters: ProgrammeFilters, language: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['programme', 'list', filters, language, signedIn],
    // The days stay while the next filter's answer comes, instead of flashing empty.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<ProgrammeEventList>(`${apiPaths.programme}${queryString({ ...filters })}`, { signal }),
  });

export const programmeEventQuery = (id: number, language: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['programme', 'event', id, language, signedIn],
    retry: false,
    queryFn: ({ signal }) => apiRequest<ProgrammeEvent>(apiPaths.programmeEvent(id), { signal }),
  });

/**
 * What of the signed-in journalist's is at the same time as an event, shown beside its sign-up button before
 * they sign up; the events named in the interface's language.
 */
export const programmeClashesQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: ['programme', 'clashes', id, language],
    queryFn: ({ signal }) => apiRequest<ProgrammeClashList>(apiPaths.programmeClashes(id), { signal }),
  });

/** The journalist's own events, each with what clashes with it. */
export const myProgrammeQuery = (language: string) =>
  queryOptions({
    queryKey: ['programme', 'mine', language],
    queryFn: ({ signal }) => apiRequest<MyProgramme>(apiPaths.myProgramme, { signal }),
  });

/** Whether the journalist has a personal feed (its address is only in the answer that makes it). */
export const feedTokenQuery = () =>
  queryOptions({
    queryKey: ['programme', 'feed-token'],
    queryFn: ({ signal }) => apiRequest<ProgrammeFeedToken>(apiPaths.programmeFeedToken, { signal }),
  });

export const programmeApi = {
  signUp: (id: number) => apiRequest<ProgrammeSignup>(apiPaths.programmeSignup(id), { method: 'POST' }),
  cancelSignup: (id: number) =>
    apiRequest<ProgrammeSignup>(apiPaths.programmeSignup(id), { method: 'DELETE' }),
  makeFeed: () => apiRequest<ProgrammeFeedToken>(apiPaths.programmeFeedToken, { method: 'POST' }),
  revokeFeed: () => apiRequest<null>(apiPaths.programmeFeedToken, { method: 'DELETE' }),
};

/** The site's programme feed as calendar apps subscribe to it (webcal://), in the reader's language. */
export function siteFeedAddress(language: string, edition?: number): string {
  const query = queryString({ edition, language });
  return `webcal://${window.location.host}${apiPaths.programmeFeed}${query}`;
}
