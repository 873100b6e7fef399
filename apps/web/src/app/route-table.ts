import type { Permission } from '@pressroom/contract';
import type { ComponentType } from 'react';
import { prefetchHome } from '../features/press-releases/home-data.ts';

export interface AppRoute {
  /** Path as React Router matches it (hash routing). */
  path: string;
  /** The specification's route name; the guard knows UserPrivacy by it. */
  name: string;
  /** Login required (the guard sends visitors Home with `?redirect=`). */
  requiresAuth: boolean;
  /** main: header, sidebar and footer; account: the centred card of the account pages. */
  layout: 'main' | 'account';
  /** i18n key of the page title (document title). */
  titleKey: string;
  /**
   * A signed-in user holding none of these sees the no-access page instead of the screen (a typed or an old
   * address); the server refuses them anyway.
   */
  permissions?: readonly Permission[];
  /** The screen, loaded on first visit so the Home bundle stays small. */
  screen: () => Promise<{ default: ComponentType }>;
  /** Starts the data the screen shows first, while the screen downloads (once the guard let the navigation on). */
  prefetch?: (url: URL) => void;
}

const pressArea: readonly Permission[] = ['press_area.access'];
/** Interview requests: the company's administrator answers them, the press office sees numbers per exhibitor. */
const interviewAnswerers: readonly Permission[] = [
  'press_release.publish_own_company',
  'press_release.manage_all',
];
/** Who keeps the programme (the press office) or proposes events (a company's administrator). */
const programmeOrganisers: readonly Permission[] = [
  'press_release.manage_all',
  'press_release.publish_own_company',
];

/**
 * Every screen of the app, one entry each. To add a screen: put it under src/features/<feature>/ with a
 * default export and add one entry here (and, for the sidebar, one in menu.ts).
 */
export const routeTable: AppRoute[] = [
  // Product screens (main layout).
  {
    path: '/home',
    name: 'Home',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'home.title',
    screen: () => import('../features/press-releases/home-screen.tsx'),
    prefetch: prefetchHome,
  },
  {
    // Public; embargoed releases open for signed-in press users only (the server decides).
    path: '/press-release/:id',
    name: 'PressRelease',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'pressReleases.detailTitle',
    screen: () => import('../features/press-releases/press-release-screen.tsx'),
  },
  {
    // Earlier links of the web app.
    path: '/home/press-release/:id',
    name: 'PressReleaseUnderHome',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'pressReleases.detailTitle',
    screen: () => import('../features/press-releases/press-release-screen.tsx'),
  },
  {
    // Back office of releases: the screen itself checks the release permissions (the server enforces them).
    path: '/admin/press-releases',
    name: 'PressReleasesAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'pressReleases.admin.title',
    screen: () => import('../features/press-releases/admin/releases-admin-screen.tsx'),
  },
  {
    path: '/admin/press-releases/:id',
    name: 'PressReleaseEditor',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'pressReleases.admin.editorTitle',
    screen: () => import('../features/press-releases/admin/release-editor-screen.tsx'),
  },
  {
    // Back office of press content: each screen checks its permission (the server enforces it).
    path: '/admin/gallery',
    name: 'GalleryAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'galleryAdmin.title',
    screen: () => import('../features/gallery/admin/gallery-admin-screen.tsx'),
  },
  {
    path: '/admin/magazines',
    name: 'MagazinesAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'magazinesAdmin.title',
    screen: () => import('../features/magazines/admin/magazines-admin-screen.tsx'),
  },
  {
    path: '/admin/press-kit',
    name: 'PressKitAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'pressKitAdmin.title',
    screen: () => import('../features/press-kit/admin/press-kit-admin-screen.tsx'),
  },
  {
    path: '/admin/press-contacts',
    name: 'PressContactsAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'pressContactsAdmin.title',
    screen: () => import('../features/press-contacts/press-contacts-admin-screen.tsx'),
  },
  {
    // E-mail alerts: anyone subscribes; the mailed token opens confirm and manage without a sign-in.
    path: '/alerts/subscribe',
    name: 'AlertsSubscribe',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'alerts.title',
    screen: () => import('../features/alerts/subscribe-screen.tsx'),
  },
  {
    // An embargoed release's personal preview (the contract's mailed link, webLinks.releasePreview): the token
    // alone opens it, whoever is signed in or not.
    path: '/preview/:token',
    name: 'ReleasePreview',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'pressReleases.previews.pageTitle',
    screen: () => import('../features/press-releases/preview-screen.tsx'),
  },
  {
    path: '/alerts/confirm/:token',
    name: 'AlertsConfirm',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'alerts.title',
    screen: () => import('../features/alerts/confirm-screen.tsx'),
  },
  {
    path: '/alerts/manage/:token',
    name: 'AlertsManage',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'alerts.manageTitle',
    screen: () => import('../features/alerts/manage-screen.tsx'),
  },
  {
    path: '/press-mail/withdraw/:token',
    name: 'PressMailWithdraw',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'pressMail.withdrawTitle',
    screen: () => import('../features/account/press-mail/withdraw-screen.tsx'),
  },
  {
    path: '/account/accreditation',
    name: 'Accreditation',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'accreditation.title',
    permissions: ['press_area.access'],
    screen: () => import('../features/accreditation/accreditation-screen.tsx'),
  },
  {
    // The address an exhibitor's page links to; the screen says so when the journalist is not accredited.
    path: '/exhibitors/:id/interview',
    name: 'InterviewAsk',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'interviews.ask.title',
    permissions: pressArea,
    screen: () => import('../features/interviews/ask-interview-screen.tsx'),
  },
  {
    path: '/account/my-fair',
    name: 'MyFair',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'interviews.myFair.title',
    permissions: pressArea,
    screen: () => import('../features/interviews/my-fair-screen.tsx'),
  },
  {
    path: '/admin/interviews',
    name: 'InterviewsAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'interviews.admin.title',
    permissions: interviewAnswerers,
    screen: () => import('../features/interviews/admin/interviews-admin-screen.tsx'),
  },
  {
    // The fair's press programme: public; the sign-up asks for a sign-in as a journalist.
    path: '/programme',
    name: 'Programme',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'programme.title',
    screen: () => import('../features/programme/programme-screen.tsx'),
  },
  {
    path: '/programme/:id',
    name: 'ProgrammeEvent',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'programme.event.title',
    screen: () => import('../features/programme/event-screen.tsx'),
  },
  {
    path: '/account/my-programme',
    name: 'MyProgramme',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'programme.mine.title',
    permissions: pressArea,
    screen: () => import('../features/programme/my-programme-screen.tsx'),
  },
  {
    // The journalism award: journalists enter their approved coverage; jurors score the entries.
    path: '/account/award',
    name: 'Award',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'award.title',
    permissions: pressArea,
    screen: () => import('../features/award/award-screen.tsx'),
  },
  {
    path: '/account/award/:id/jury',
    name: 'AwardJury',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'award.jury',
    permissions: ['award.judge'],
    screen: () => import('../features/award/jury-screen.tsx'),
  },
  {
    path: '/admin/campaigns',
    name: 'CampaignsAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'campaigns.title',
    permissions: ['campaign.manage'],
    screen: () => import('../features/back-office/campaigns/campaigns-screen.tsx'),
  },
  {
    path: '/admin/award',
    name: 'AwardAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'awardAdmin.title',
    permissions: ['press_release.manage_all'],
    screen: () => import('../features/back-office/award/award-admin-screen.tsx'),
  },
  {
    // The press office keeps the programme; a company's administrator proposes its exhibitor's events.
    path: '/admin/programme',
    name: 'ProgrammeAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'programmeAdmin.title',
    permissions: programmeOrganisers,
    screen: () => import('../features/back-office/programme/programme-admin-screen.tsx'),
  },
  {
    // At the door, on a phone: badge codes typed or scanned, names ticked.
    path: '/admin/programme/:id/attendance',
    name: 'ProgrammeAttendance',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'programmeAdmin.attendance.title',
    permissions: programmeOrganisers,
    screen: () => import('../features/back-office/programme/attendance-screen.tsx'),
  },
  {
    // Coverage: public approved pieces; the journalist reports and follows theirs; the press office reviews.
    path: '/in-the-press',
    name: 'InThePress',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'coverage.menu',
    screen: () => import('../features/coverage/in-the-press-screen.tsx'),
  },
  {
    path: '/account/coverage',
    name: 'MyCoverage',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'coverage.mine.title',
    permissions: pressArea,
    screen: () => import('../features/coverage/my-coverage-screen.tsx'),
  },
  {
    path: '/admin/coverage',
    name: 'CoverageAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'coverage.admin.title',
    permissions: ['press_release.manage_all'],
    screen: () => import('../features/coverage/admin/coverage-admin-screen.tsx'),
  },
  {
    path: '/admin/statistics',
    name: 'Statistics',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'statistics.title',
    permissions: ['press_release.publish_own_company'],
    screen: () => import('../features/statistics/statistics-screen.tsx'),
  },
  {
    // The exhibitors' directory and press boxes: public; the pictures and the follow button ask for a sign-in.
    path: '/exhibitors',
    name: 'Exhibitors',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'exhibitors.title',
    screen: () => import('../features/exhibitors/directory-screen.tsx'),
  },
  {
    path: '/exhibitors/:id',
    name: 'Exhibitor',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'exhibitors.detailTitle',
    screen: () => import('../features/exhibitors/exhibitor-screen.tsx'),
  },
  {
    path: '/basket',
    name: 'Basket',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'basket.title',
    permissions: ['press_area.access'],
    screen: () => import('../features/gallery/basket/basket-screen.tsx'),
  },
  {
    path: '/admin/accreditation',
    name: 'AccreditationAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'accreditation.adminTitle',
    permissions: ['journalist.accredit'],
    screen: () => import('../features/accreditation/admin/accreditation-admin-screen.tsx'),
  },
  {
    path: '/admin/alerts',
    name: 'AlertsAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'alerts.adminTitle',
    permissions: ['press_release.manage_all'],
    screen: () => import('../features/alerts/admin/alerts-admin-screen.tsx'),
  },
  {
    path: '/admin/contact-inbox',
    name: 'ContactInbox',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'contactInbox.title',
    screen: () => import('../features/contact/admin/contact-inbox-screen.tsx'),
  },
  // Back office of companies, users, imports and error reports: each screen checks its permissions (the
  // server enforces them).
  {
    path: '/admin/companies',
    name: 'CompaniesAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.companies.title',
    screen: () => import('../features/back-office/companies/companies-screen.tsx'),
  },
  {
    path: '/admin/companies/new',
    name: 'CompanyNew',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.companies.new',
    screen: () => import('../features/back-office/companies/company-editor-screen.tsx'),
  },
  {
    path: '/admin/companies/:id',
    name: 'CompanyEditor',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.companies.edit',
    screen: () => import('../features/back-office/companies/company-editor-screen.tsx'),
  },
  {
    path: '/admin/users',
    name: 'UsersAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.users.title',
    screen: () => import('../features/back-office/users/users-screen.tsx'),
  },
  {
    path: '/admin/users/:id',
    name: 'UserEditor',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.users.edit',
    screen: () => import('../features/back-office/users/user-editor-screen.tsx'),
  },
  {
    path: '/admin/accreditations',
    name: 'Accreditations',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.accreditations.title',
    screen: () => import('../features/back-office/users/accreditations-screen.tsx'),
  },
  {
    path: '/admin/imports',
    name: 'ImportsAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.imports.title',
    screen: () => import('../features/back-office/imports/imports-screen.tsx'),
  },
  {
    path: '/admin/imports/new',
    name: 'ImportWizard',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.imports.newImport',
    screen: () => import('../features/back-office/imports/import-wizard-screen.tsx'),
  },
  {
    path: '/admin/imports/:id',
    name: 'ImportReport',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.imports.detailTitle',
    screen: () => import('../features/back-office/imports/import-detail-screen.tsx'),
  },
  {
    path: '/admin/exhibitors',
    name: 'ExhibitorsAdmin',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.exhibitors.title',
    screen: () => import('../features/back-office/exhibitors/exhibitors-screen.tsx'),
  },
  {
    path: '/admin/press-box',
    name: 'PressBoxEditor',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.pressBox.title',
    screen: () => import('../features/back-office/exhibitors/press-box-screen.tsx'),
  },
  {
    path: '/admin/error-reports',
    name: 'ErrorReports',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'backOffice.errorReports.title',
    screen: () => import('../features/back-office/error-reports/error-reports-screen.tsx'),
  },
  {
    path: '/press-gallery',
    name: 'PressGallery',
    requiresAuth: true,
    layout: 'main',
    permissions: pressArea,
    titleKey: 'menu.pressGallery',
    screen: () => import('../features/gallery/press-gallery-screen.tsx'),
  },
  {
    path: '/pictures',
    name: 'Pictures',
    requiresAuth: true,
    layout: 'main',
    permissions: pressArea,
    titleKey: 'menu.pictures',
    screen: () => import('../features/gallery/pictures-screen.tsx'),
  },
  {
    path: '/italianMagazine',
    name: 'ItalianMagazine',
    requiresAuth: true,
    layout: 'main',
    permissions: pressArea,
    titleKey: 'menu.italianMagazine',
    screen: () => import('../features/magazines/italian-magazine-screen.tsx'),
  },
  {
    path: '/international-magazine',
    name: 'InternationalMagazine',
    requiresAuth: true,
    layout: 'main',
    permissions: pressArea,
    titleKey: 'menu.internationalMagazine',
    screen: () => import('../features/magazines/international-magazine-screen.tsx'),
  },
  {
    path: '/press-kit',
    name: 'PressKit',
    requiresAuth: true,
    layout: 'main',
    permissions: pressArea,
    titleKey: 'menu.pressKit',
    screen: () => import('../features/press-kit/press-kit-screen.tsx'),
  },
  {
    path: '/contact-us',
    name: 'ContactUs',
    requiresAuth: true,
    layout: 'main',
    permissions: pressArea,
    titleKey: 'menu.contactUs',
    screen: () => import('../features/contact/contact-us-screen.tsx'),
  },
  {
    path: '/account/user-privacy',
    name: 'UserPrivacy',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'privacy.title',
    screen: () => import('../features/account/user-privacy-screen.tsx'),
  },
  {
    path: '/account/user-profile',
    name: 'UserProfile',
    requiresAuth: true,
    layout: 'main',
    titleKey: 'profile.title',
    screen: () => import('../features/account/profile-screen.tsx'),
  },
  {
    path: '/account/change-password/',
    name: 'ChangePassword',
    requiresAuth: false,
    layout: 'main',
    titleKey: 'changePassword.title',
    screen: () => import('../features/account/change-password-screen.tsx'),
  },
  // Account routes (none need authentication).
  {
    path: '/account/sign-up',
    name: 'SignUp',
    requiresAuth: false,
    layout: 'account',
    titleKey: 'signUp.title',
    screen: () => import('../features/account/sign-up-screen.tsx'),
  },
  {
    path: '/account/login',
    name: 'Login',
    requiresAuth: false,
    layout: 'account',
    titleKey: 'login.title',
    screen: () => import('../features/account/login-screen.tsx'),
  },
  {
    path: '/account/lock-screen',
    name: 'LockScreen',
    requiresAuth: false,
    layout: 'account',
    titleKey: 'lock.title',
    screen: () => import('../features/account/lock-screen.tsx'),
  },
  {
    path: '/account/forgot-password',
    name: 'ForgotPassword',
    requiresAuth: false,
    layout: 'account',
    titleKey: 'forgot.title',
    screen: () => import('../features/account/forgot-password-screen.tsx'),
  },
  {
    path: '/account/reset-password/:link',
    name: 'ResetPassword',
    requiresAuth: false,
    layout: 'account',
    titleKey: 'reset.title',
    screen: () => import('../features/account/reset-password-screen.tsx'),
  },
  {
    path: '/account/logout',
    name: 'Logout',
    requiresAuth: false,
    layout: 'account',
    titleKey: 'logout.title',
    screen: () => import('../features/account/logout-screen.tsx'),
  },
  {
    path: '/account/verify-account/:link',
    name: 'VerifyAccount',
    requiresAuth: false,
    layout: 'account',
    titleKey: 'verify.title',
    screen: () => import('../features/account/verify-account-screen.tsx'),
  },
];
