/** Client paths of the specification (section 2); links use these, never literals. */
export const paths = {
  home: '/home',
  pressRelease: (id: number | string) => `/home/press-release/${id}`,
  pressGallery: '/press-gallery',
  italianMagazine: '/italianMagazine',
  internationalMagazine: '/international-magazine',
  pressKit: '/press-kit',
  contactUs: '/contact-us',
  userPrivacy: '/account/user-privacy',
  userProfile: '/account/user-profile',
  changePassword: '/account/change-password/',
  signUp: '/account/sign-up',
  login: '/account/login',
  lockScreen: '/account/lock-screen',
  forgotPassword: '/account/forgot-password',
  logout: '/account/logout',
} as const;

/** Adds `redirect` to a path when there is somewhere to go back to. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  return redirect ? `${path}?${new URLSearchParams({ redirect }).toString()}` : path;
}
