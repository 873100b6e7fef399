/** API paths of the specification (section 7), relative to the API base, with Django's trailing slashes. */
export const apiPaths = {
  tokenAuth: '/api/account/token-auth/',
  tokenRefresh: '/api/account/token-refresh/',
  register: '/api/account/register/',
  verifyRegistration: '/api/account/verify-registration/',
  resendActivationEmail: '/api/account/resend-activation-email/',
  sendResetPasswordLink: '/api/account/send-reset-password-link/',
  resetPassword: '/api/account/reset-password/',
  changePassword: '/api/account/change-password/',
  profile: '/api/account/profile/',
  pressGroups: '/api/press_room/press_group/',
  pressReleases: '/api/press_room/press_release/',
  pressRelease: (id: number | string) => `/api/press_room/press_release/${id}/`,
  pressReleaseYears: '/api/press_room/press_release_years/',
  contact: '/api/press_room/contact/',
  health: '/healthz',
  docs: '/api/docs',
} as const;

/** Client routes that mailed links point to (hash routing). */
export const webLinks = {
  verifyAccount: (userId: number, timestamp: number, signature: string) =>
    `/#/account/verify-account/user_id=${userId}&timestamp=${timestamp}&signature=${signature}`,
  resetPassword: (userId: number, timestamp: number, signature: string) =>
    `/#/account/reset-password/user_id=${userId}&timestamp=${timestamp}&signature=${signature}`,
} as const;
