import type { Profile, ProfileUpdate, RegisterRequest, SignedLink, TokenResponse } from '@pressroom/contract';
import { apiPaths } from '@pressroom/contract';
import { apiRequest } from '../../../lib/api-client.ts';

type Detail = { detail: string };

export const accountApi = {
  tokenAuth: (email: string, password: string) =>
    apiRequest<TokenResponse>(apiPaths.tokenAuth, { body: { email, password }, auth: false }),
  tokenRefresh: (token: string) =>
    apiRequest<TokenResponse>(apiPaths.tokenRefresh, { body: { token }, auth: false }),
  register: (body: RegisterRequest) =>
    apiRequest<{ id: number; email: string; first_name: string; last_name: string }>(apiPaths.register, {
      body,
      auth: false,
    }),
  verifyRegistration: (link: SignedLink) =>
    apiRequest<Detail>(apiPaths.verifyRegistration, { body: link, auth: false }),
  resendActivationEmail: (email: string) =>
    apiRequest<Detail>(apiPaths.resendActivationEmail, { body: { email }, auth: false }),
  sendResetPasswordLink: (email: string) =>
    apiRequest<Detail>(apiPaths.sendResetPasswordLink, { body: { email }, auth: false }),
  resetPassword: (body: SignedLink & { password: string; password_confirm: string }) =>
    apiRequest<Detail>(apiPaths.resetPassword, { body, auth: false }),
  /** Answers a fresh token: every earlier one is refused from now on. */
  changePassword: (body: { old_password: string; password: string; password_confirm: string }) =>
    apiRequest<Detail & { token: string }>(apiPaths.changePassword, { body }),
  profile: () => apiRequest<Profile>(apiPaths.profile),
  updateProfile: (body: ProfileUpdate) => apiRequest<Profile>(apiPaths.profile, { method: 'PATCH', body }),
};

/** Parses `user_id=..&timestamp=..&signature=..` from a mailed link's last path segment. */
export function parseSignedLink(segment: string | undefined): SignedLink | null {
  if (!segment) return null;
  const params = new URLSearchParams(segment);
  const userId = Number(params.get('user_id'));
  const timestamp = Number(params.get('timestamp'));
  const signature = params.get('signature');
  if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(timestamp) || !signature) return null;
  return { user_id: userId, timestamp, signature };
}
