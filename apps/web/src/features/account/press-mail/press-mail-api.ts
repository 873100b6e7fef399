import { apiPaths, type PressMailChoiceView } from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const pressMailChoiceQuery = (userId: number) =>
  queryOptions({
    queryKey: ['account', userId, 'press-mail'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => apiRequest<PressMailChoiceView>(apiPaths.pressMailChoice, { signal }),
  });

export const pressMailApi = {
  answer: (agreed: boolean) =>
    apiRequest<PressMailChoiceView>(apiPaths.pressMailChoice, { method: 'PUT', body: { agreed } }),
  withdraw: (token: string) =>
    apiRequest<{ detail: string }>(apiPaths.pressMailWithdraw(token), { method: 'POST', auth: false }),
};
