import {
  type AwardEntry,
  type AwardEntryCreateInput,
  type AwardScoreInput,
  apiPaths,
  type JuryList,
  type MyAward,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** The site's award open for entries (else the latest), the journalist's entries and the pieces they may enter. */
export const myAwardQuery = () =>
  queryOptions({
    queryKey: ['award', 'mine'],
    queryFn: ({ signal }) => apiRequest<MyAward>(apiPaths.myAward, { signal }),
  });

/** The entries of the categories the juror judges, with their own scores. */
export const juryQuery = (awardId: number) =>
  queryOptions({
    queryKey: ['award', 'jury', awardId],
    retry: false,
    queryFn: ({ signal }) => apiRequest<JuryList>(apiPaths.awardJury(awardId), { signal }),
  });

export const awardApi = {
  enter: (body: AwardEntryCreateInput) => apiRequest<AwardEntry>(apiPaths.myAward, { method: 'POST', body }),
  withdraw: (id: number) => apiRequest<null>(apiPaths.awardEntry(id), { method: 'DELETE' }),
  score: (id: number, body: AwardScoreInput) =>
    apiRequest<JuryList>(apiPaths.awardScore(id), { method: 'PUT', body }),
};
