import {
  type Award,
  type AwardCreateInput,
  type AwardJurorCandidates,
  type AwardList,
  type AwardRanking,
  type AwardUpdateInput,
  apiPaths,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiBlob, apiRequest, saveBlob } from '../../../lib/api-client.ts';

export const awardsQuery = queryOptions({
  queryKey: ['back-office', 'awards'],
  queryFn: ({ signal }) => apiRequest<AwardList>(apiPaths.awards, { signal }).then((answer) => answer.items),
});

export const rankingQuery = (id: number) =>
  queryOptions({
    queryKey: ['back-office', 'awards', id, 'ranking'],
    queryFn: ({ signal }) => apiRequest<AwardRanking>(apiPaths.awardRanking(id), { signal }),
  });

export const jurorCandidatesQuery = queryOptions({
  queryKey: ['back-office', 'award-jurors'],
  queryFn: ({ signal }) =>
    apiRequest<AwardJurorCandidates>(apiPaths.awardJurorCandidates, { signal }).then(
      (answer) => answer.items,
    ),
});

export const awardAdminApi = {
  create: (body: AwardCreateInput) => apiRequest<Award>(apiPaths.awards, { method: 'POST', body }),
  update: (id: number, body: AwardUpdateInput) =>
    apiRequest<Award>(apiPaths.award(id), { method: 'PATCH', body }),
  setJurors: (categoryId: number, users: number[]) =>
    apiRequest<Award>(apiPaths.awardCategoryJurors(categoryId), { method: 'PUT', body: { users } }),
  winner: (entryId: number, winner: boolean) =>
    apiRequest<AwardRanking>(apiPaths.awardEntryWinner(entryId), { method: 'PUT', body: { winner } }),
  download: async (url: string, fileName: string) => saveBlob(await apiBlob(url), fileName),
};
