import { queryOptions } from '@tanstack/react-query';
import { accountApi } from './account-api.ts';

export const profileQuery = (userId: number | undefined) =>
  queryOptions({ queryKey: ['profile', userId], queryFn: accountApi.profile, enabled: userId !== undefined });
