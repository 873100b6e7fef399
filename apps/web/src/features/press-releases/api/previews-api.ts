import {
  apiPaths,
  type PreviewAccount,
  type PreviewInvitation,
  type PreviewInvitationInput,
  type PreviewInvitationList,
  type ReleasePreview,
} from '@pressroom/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, queryString } from '../../../lib/api-client.ts';

/** An embargoed release's preview invitations, as its editors see them. */
export const previewInvitationsQuery = (releaseId: number) =>
  queryOptions({
    queryKey: ['release-preview-invitations', releaseId],
    queryFn: ({ signal }) =>
      apiRequest<PreviewInvitationList>(apiPaths.releasePreviewInvitations(releaseId), { signal }),
  });

/** Accounts to invite, by name or address (two characters at least). */
export const previewAccountsQuery = (releaseId: number, search: string) =>
  queryOptions({
    queryKey: ['release-preview-accounts', releaseId, search],
    enabled: search.trim().length >= 2,
    queryFn: ({ signal }) =>
      apiRequest<{ results: PreviewAccount[] }>(
        `${apiPaths.releasePreviewAccounts(releaseId)}${queryString({ search: search.trim() })}`,
        { signal },
      ),
  });

export const previewsApi = {
  invite: (releaseId: number, input: PreviewInvitationInput) =>
    apiRequest<PreviewInvitation>(apiPaths.releasePreviewInvitations(releaseId), {
      method: 'POST',
      body: input,
    }),
  revoke: (releaseId: number, invitationId: number) =>
    apiRequest<PreviewInvitation>(apiPaths.releasePreviewRevoke(releaseId, invitationId), { method: 'POST' }),
};

/**
 * What a personal link opens, in the reader's language. Sent with the browser's token when signed in: an
 * invitation to an account is refused to another one.
 */
export const releasePreviewQuery = (token: string, language: string) =>
  queryOptions({
    queryKey: ['release-preview', token, language],
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    // Never kept: the link may be revoked at any moment.
    gcTime: 0,
    queryFn: ({ signal }) =>
      apiRequest<ReleasePreview>(`${apiPaths.releasePreview(token)}${queryString({ language })}`, { signal }),
  });
