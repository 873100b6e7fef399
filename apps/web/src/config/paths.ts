/** Client paths of the specification (section 2); links use these, never literals. */
export const paths = {
  home: '/home',
  // The contract's mailed link shape (webLinks.pressRelease): /#/press-release/{id}.
  pressRelease: (id: number | string) => `/press-release/${id}`,
  pressReleasesAdmin: '/admin/press-releases',
  pressReleaseNew: '/admin/press-releases/new',
  pressReleaseEdit: (id: number | string) => `/admin/press-releases/${id}`,
  adminCompanies: '/admin/companies',
  adminCompanyNew: '/admin/companies/new',
  adminCompany: (id: number | string) => `/admin/companies/${id}`,
  adminUsers: '/admin/users',
  adminUser: (id: number | string) => `/admin/users/${id}`,
  adminAccreditations: '/admin/accreditations',
  adminImports: '/admin/imports',
  adminImportNew: '/admin/imports/new',
  adminImport: (id: number | string) => `/admin/imports/${id}`,
  adminErrorReports: '/admin/error-reports',
  adminExhibitors: '/admin/exhibitors',
  /** The signed-in user's own company's press box; the staff name the company. */
  adminPressBox: '/admin/press-box',
  adminCompanyPressBox: (companyId: number | string) => `/admin/press-box?company=${companyId}`,
  galleryAdmin: '/admin/gallery',
  magazinesAdmin: '/admin/magazines',
  pressKitAdmin: '/admin/press-kit',
  pressContactsAdmin: '/admin/press-contacts',
  contactInbox: '/admin/contact-inbox',
  pressGallery: '/press-gallery',
  pictures: '/pictures',
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
  // E-mail alerts; confirm and manage are the contract's mailed link shapes (webLinks.alertConfirm, alertManage).
  alertsSubscribe: '/alerts/subscribe',
  alertsConfirm: (token: string) => `/alerts/confirm/${token}`,
  alertsManage: (token: string) => `/alerts/manage/${token}`,
  alertsAdmin: '/admin/alerts',
  // An embargoed release's personal preview: the contract's mailed link shape (webLinks.releasePreview).
  releasePreview: (token: string) => `/preview/${token}`,
  // Accreditation per edition; the journalist's page is the contract's mailed link (webLinks.accreditation).
  accreditation: '/account/accreditation',
  accreditationAdmin: '/admin/accreditation',
  // Interview requests: the journalist asks from an exhibitor's page and follows them in "My fair" (the
  // contract's mailed link, webLinks.myFair); the exhibitor's side answers in the back office
  // (webLinks.exhibitorInterviews).
  interviewAsk: (exhibitorId: number | string) => `/exhibitors/${exhibitorId}/interview`,
  myFair: '/account/my-fair',
  interviewsAdmin: '/admin/interviews',
  basket: '/basket',
  // The directory of the current edition's exhibitors (its filters in the query) and one exhibitor's press box.
  exhibitors: '/exhibitors',
  exhibitor: (id: number | string) => `/exhibitors/${id}`,
  statistics: '/admin/statistics',
  // The fair's press programme: the contract's mailed links (webLinks.programme, programmeEvent,
  // programmeAdmin, programmeAttendance); "My programme" holds the journalist's events and personal feed.
  programme: '/programme',
  programmeEvent: (id: number | string) => `/programme/${id}`,
  myProgramme: '/account/my-programme',
  /** My programme opened at its personal feed (the profile's way to it). */
  myProgrammeFeed: '/account/my-programme?show=feed',
  programmeAdmin: '/admin/programme',
  programmeAttendance: (id: number | string) => `/admin/programme/${id}/attendance`,
  // The journalism award: journalists enter, jurors score, the press office runs it.
  award: '/account/award',
  awardJury: (id: number | string) => `/account/award/${id}/jury`,
  awardAdmin: '/admin/award',
  // The press office's mail to chosen journalists: lists and campaigns; the withdrawal page of its mails.
  campaignsAdmin: '/admin/campaigns',
  pressMailWithdraw: (token: string) => `/press-mail/withdraw/${token}`,
  // Coverage: the public "In the press", the journalist's own pieces (the contract's mailed link,
  // webLinks.myCoverage) and the press office's review.
  inThePress: '/in-the-press',
  myCoverage: '/account/coverage',
  coverageAdmin: '/admin/coverage',
} as const;

/** Adds `redirect` to a path when there is somewhere to go back to. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  return redirect ? `${path}?${new URLSearchParams({ redirect }).toString()}` : path;
}
