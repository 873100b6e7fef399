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
  /** Records a new consent to the current privacy notice (asked again when the notice changes). */
  consent: '/api/account/consent/',
  /** The user's data as a JSON attachment. */
  profileExport: '/api/account/profile/export/',
  pressGroups: '/api/press_room/press_group/',
  pressReleases: '/api/press_room/press_release/',
  pressRelease: (id: number | string) => `/api/press_room/press_release/${id}/`,
  pressReleaseYears: '/api/press_room/press_release_years/',
  pressReleaseFeatured: '/api/press_room/press_release_featured/',
  /** Companies with releases the caller may read; query: group. */
  publicReleaseCompanies: '/api/press_room/press_release_companies/',
  /** Up to four other releases: the same company's first, then the nearest by text. */
  pressReleaseRelated: (id: number | string) => `/api/press_room/press_release/${id}/related/`,
  /** Atom feed; query: group (default: the site of the hostname), language. Never lists embargoed releases. */
  pressReleaseFeed: '/api/press_room/press_release/feed.atom',
  /** A release's attachment or image (signed URLs for embargoed releases and back-office previews). */
  pressReleaseFile: (id: number | string) => `/api/press_room/press_release_file/${id}/`,
  pressReleaseFileThumbnail: (id: number | string) => `/api/press_room/press_release_file/${id}/thumbnail/`,
  pressReleaseFileRendition: (id: number | string, kind: 'web' | 'print') =>
    `/api/press_room/press_release_file/${id}/${kind}/`,
  /** A release picture's cover rendition (GET): `width` one of coverRenditionWidths, `format` webp or jpeg. */
  pressReleaseFileCover: (id: number | string, width: number | string, format: string) =>
    `/api/press_room/press_release_file/${id}/cover/${width}/${format}/`,
  /** Back office: releases of every status the user may edit (GET list, POST create). */
  pressReleaseAdmin: '/api/press_room/admin/press_release/',
  pressReleaseAdminItem: (id: number | string) => `/api/press_room/admin/press_release/${id}/`,
  pressReleaseAdminStatus: (id: number | string) => `/api/press_room/admin/press_release/${id}/status/`,
  pressReleaseAdminFeatured: (id: number | string, group: number | string) =>
    `/api/press_room/admin/press_release/${id}/featured/${group}/`,
  /** An embargoed release's preview invitations (GET list, POST invite or send again). */
  releasePreviewInvitations: (id: number | string) => `/api/press_room/admin/press_release/${id}/previews/`,
  releasePreviewRevoke: (id: number | string, invitation: number | string) =>
    `/api/press_room/admin/press_release/${id}/previews/${invitation}/revoke/`,
  /** Accounts to invite, by name or address (query: search). */
  releasePreviewAccounts: (id: number | string) =>
    `/api/press_room/admin/press_release/${id}/previews/accounts/`,
  /** What a personal preview link opens (its token in the path; never listed). */
  releasePreview: (token: string) => `/api/press_room/preview/${token}/`,
  pressReleaseAdminFiles: (id: number | string) => `/api/press_room/admin/press_release/${id}/files/`,
  pressReleaseAdminFile: (id: number | string, fileId: number | string) =>
    `/api/press_room/admin/press_release/${id}/files/${fileId}/`,
  pressReleaseCompanies: '/api/press_room/admin/press_release_companies/',
  contact: '/api/press_room/contact/',
  siteInfo: '/api/site/',
  /** Public: who speaks for the site (or for one release) and its boilerplate, in the reader's language. */
  releaseVoices: '/api/site/press_contacts/',
  pressContactsAdmin: '/api/back_office/press_contacts/',
  pressContactAdmin: (id: number | string) => `/api/back_office/press_contacts/${id}/`,
  pressContactPhoto: (id: number | string) => `/api/back_office/press_contacts/${id}/photo/`,
  boilerplatesAdmin: '/api/back_office/boilerplates/',
  boilerplateAdmin: (site: number | string, language: string) =>
    `/api/back_office/boilerplates/${site}/${language}/`,
  releaseContactsAdmin: (releaseId: number | string) =>
    `/api/back_office/press_release_contacts/${releaseId}/`,
  contactMessage: (id: number | string) => `/api/press_room/contact/${id}/`,
  galleryTree: '/api/press_room/gallery/tree/',
  galleryCategories: '/api/press_room/gallery/categories/',
  galleryCategory: (id: number | string) => `/api/press_room/gallery/categories/${id}/`,
  galleries: '/api/press_room/gallery/galleries/',
  gallery: (id: number | string) => `/api/press_room/gallery/galleries/${id}/`,
  galleryImages: (galleryId: number | string) => `/api/press_room/gallery/galleries/${galleryId}/images/`,
  galleryImage: (id: number | string) => `/api/press_room/gallery/images/${id}/`,
  galleryDownload: '/api/press_room/gallery/download/',
  basket: '/api/press_room/basket/',
  basketRemove: '/api/press_room/basket/remove/',
  /** Every picture of one gallery the reader may see: POST puts them all in the basket, DELETE takes them out. */
  basketGallery: (galleryId: number | string) => `/api/press_room/basket/gallery/${galleryId}/`,
  basketDownload: '/api/press_room/basket/download/',
  /** Images of the site's published galleries showing a company or a brand; query: company or brand. */
  galleryTaggedImages: '/api/press_room/gallery/tagged_images/',
  /** Companies and brands shown by images of the site's published galleries (the gallery's filter). */
  galleryTags: '/api/press_room/gallery/tags/',
  /** Gallery editors: companies or brands to tag images with; query: kind (companies, brands), search. */
  galleryTagChoices: '/api/press_room/gallery/tag_choices/',
  /** Every picture the reader may see, of galleries and releases: search and filters (pictureSearchQuery). */
  pictureSearch: '/api/press_room/pictures/',
  /** The companies and brands the reader's pictures show: the picture search's filters. */
  pictureFilters: '/api/press_room/pictures/filters/',
  magazines: '/api/press_room/magazine/',
  magazine: (id: number | string) => `/api/press_room/magazine/${id}/`,
  magazineFacets: '/api/press_room/magazine_facets/',
  pressKit: '/api/press_room/press_kit/',
  pressKitDocument: (id: number | string) => `/api/press_room/press_kit/${id}/`,
  pressKitZip: '/api/press_room/press_kit/zip/',
  companies: '/api/back_office/companies/',
  company: (id: number | string) => `/api/back_office/companies/${id}/`,
  companyBrands: (id: number | string) => `/api/back_office/companies/${id}/brands/`,
  brands: '/api/back_office/brands/',
  brand: (id: number | string) => `/api/back_office/brands/${id}/`,
  adminUsers: '/api/back_office/users/',
  adminUser: (id: number | string) => `/api/back_office/users/${id}/`,
  accreditations: '/api/back_office/accreditations/',
  accreditationApprove: (userId: number | string) => `/api/back_office/accreditations/${userId}/approve/`,
  accreditationReject: (userId: number | string) => `/api/back_office/accreditations/${userId}/reject/`,
  imports: '/api/back_office/imports/',
  import: (id: number | string) => `/api/back_office/imports/${id}/`,
  importColumns: (id: number | string) => `/api/back_office/imports/${id}/columns/`,
  importDryRun: (id: number | string) => `/api/back_office/imports/${id}/dry_run/`,
  importRun: (id: number | string) => `/api/back_office/imports/${id}/run/`,
  importProgress: (id: number | string) => `/api/back_office/imports/${id}/progress/`,
  importRows: (id: number | string) => `/api/back_office/imports/${id}/rows/`,
  errorReports: '/api/error_reports/',
  alertSubscriptions: '/api/alerts/subscriptions/',
  alertConfirm: '/api/alerts/confirm/',
  alertManage: (token: string) => `/api/alerts/manage/${token}/`,
  /** RFC 8058 one-click unsubscribe: a POST with `List-Unsubscribe=One-Click`, no sign-in. */
  alertUnsubscribe: (token: string) => `/api/alerts/unsubscribe/${token}/`,
  alertStats: '/api/back_office/alerts/',
  /** The signed-in user's own subscription on this site (their account's address), with its manage token. */
  myAlertSubscription: '/api/alerts/mine/',
  /** The signed-in user's choice to receive the press office's mail; PUT answers. */
  pressMailChoice: '/api/account/press_mail/',
  /** RFC 8058 one-click withdrawal of the press office's mail, by the token of one campaign mail. */
  pressMailWithdraw: (token: string) => `/api/press_mail/withdraw/${token}/`,
  recipientLists: '/api/back_office/recipient_lists/',
  recipientList: (id: number | string) => `/api/back_office/recipient_lists/${id}/`,
  /** How many consenting journalists some filters find now, while a list is being edited. */
  recipientCount: '/api/back_office/recipient_lists/count/',
  campaigns: '/api/back_office/campaigns/',
  /** The campaign's mail sent to the signed-in sender only. */
  campaignTest: '/api/back_office/campaigns/test/',
  /** Accreditation per edition: the signed-in journalist's requests on this site; POST asks. */
  myAccreditation: '/api/press_room/accreditation/',
  accreditationAnswer: (id: number | string) => `/api/press_room/accreditation/${id}/answer/`,
  accreditationProof: (id: number | string, proofId: number | string) =>
    `/api/press_room/accreditation/${id}/proofs/${proofId}/`,
  accreditationBadge: (id: number | string) => `/api/press_room/accreditation/${id}/badge/`,
  /** The gate's check of a badge's QR code: public, answers valid or not. */
  badgeCheck: (token: string) => `/api/badges/${token}/`,
  editions: '/api/back_office/editions/',
  /** The exhibitors of an edition (back office: company.manage). */
  exhibitors: '/api/back_office/exhibitors/',
  exhibitor: (id: number | string) => `/api/back_office/exhibitors/${id}/`,
  /** A company's press box, for its administrators and agents, the staff and the press office. */
  pressBox: (companyId: number | string) => `/api/back_office/press_boxes/${companyId}/`,
  /** The public directory of an edition's exhibitors, and one exhibitor's press box. */
  exhibitorDirectory: '/api/site/exhibitors/',
  publicExhibitor: (id: number | string) => `/api/site/exhibitors/${id}/`,
  /** A journalist's interview requests ("My fair"): sent here, listed here, cancelled, and the invitation. */
  interviews: '/api/interviews/',
  interviewCancel: (id: number | string) => `/api/interviews/${id}/cancel/`,
  interviewCalendar: (id: number | string) => `/api/interviews/${id}/invitation.ics`,
  /** The exhibitor side's requests, answers and the counts after the fair. */
  exhibitorInterviews: '/api/back_office/interviews/',
  interviewAccept: (id: number | string) => `/api/back_office/interviews/${id}/accept/`,
  interviewDecline: (id: number | string) => `/api/back_office/interviews/${id}/decline/`,
  exhibitorInterviewCancel: (id: number | string) => `/api/back_office/interviews/${id}/cancel/`,
  interviewCounts: '/api/back_office/interviews/counts/',
  edition: (id: number | string) => `/api/back_office/editions/${id}/`,
  /** Coverage: the signed-in user's reported pieces on the site (POST reports one), and a piece's clipping (PUT adds it). */
  coverage: '/api/coverage/',
  coverageClipping: (id: number | string) => `/api/coverage/${id}/clipping/`,
  /** The press office's queue of the site's coverage (POST reports a piece, approved at once). */
  coverageAdmin: '/api/back_office/coverage/',
  coverageApprove: (id: number | string) => `/api/back_office/coverage/${id}/approve/`,
  coverageReject: (id: number | string) => `/api/back_office/coverage/${id}/reject/`,
  /** Approved coverage of the site, and of one release. */
  publicCoverage: '/api/site/coverage/',
  releaseCoverage: (id: number | string) => `/api/site/coverage/releases/${id}/`,
  /** The journalism award: the press office's awards of the site (POST opens one), one award, its parts. */
  awards: '/api/back_office/awards/',
  award: (id: number | string) => `/api/back_office/awards/${id}/`,
  awardCategories: (id: number | string) => `/api/back_office/awards/${id}/categories/`,
  awardCategory: (id: number | string) => `/api/back_office/award_categories/${id}/`,
  awardCategoryJurors: (id: number | string) => `/api/back_office/award_categories/${id}/jurors/`,
  awardRanking: (id: number | string) => `/api/back_office/awards/${id}/ranking/`,
  awardRankingCsv: (id: number | string) => `/api/back_office/awards/${id}/ranking.csv`,
  awardRankingPdf: (id: number | string) => `/api/back_office/awards/${id}/ranking.pdf`,
  awardEntryWinner: (id: number | string) => `/api/back_office/award_entries/${id}/winner/`,
  /** The users who may be made jurors: those holding the jury permission. */
  awardJurorCandidates: '/api/back_office/award_jurors/',
  /** The journalist's side: the site's open award with their entries (POST enters a piece), withdrawing one. */
  myAward: '/api/award/',
  awardEntry: (id: number | string) => `/api/award/entries/${id}/`,
  /** The juror's side: the entries of their categories, and their score of one. */
  awardJury: (id: number | string) => `/api/award/${id}/jury/`,
  awardScore: (id: number | string) => `/api/award/entries/${id}/score/`,
  /** The winners a release announces (public). */
  releaseAwardWinners: (id: number | string) => `/api/site/award/releases/${id}/winners/`,
  /** What the public list's filters and the report form offer (editions, exhibitors, countries...). */
  publicCoverageFilters: '/api/site/coverage/filters/',
  /** The fair's press programme: public list (approved and cancelled events) and one event. */
  programme: '/api/site/programme/',
  programmeEvent: (id: number | string) => `/api/site/programme/${id}/`,
  /** One event as an iCalendar file (public for approved events). */
  programmeEventCalendar: (id: number | string) => `/api/site/programme/${id}/event.ics`,
  /** The site's programme as a calendar feed (webcal://); query: edition, language. */
  programmeFeed: '/api/site/programme/feed.ics',
  /** A journalist's sign-up: POST signs up (or joins the waiting list), DELETE cancels. */
  programmeSignup: (id: number | string) => `/api/programme/${id}/signup/`,
  /** What of the signed-in journalist's is at the same time as an event (asked before signing up). */
  programmeClashes: (id: number | string) => `/api/programme/${id}/clashes/`,
  /** The signed-in journalist's events with their clashes. */
  myProgramme: '/api/programme/mine/',
  /** The personal feed's secret address: GET says whether one exists, POST creates or rotates, DELETE revokes. */
  programmeFeedToken: '/api/programme/feed_token/',
  /** The personal feed (no sign-in: the secret token is the key). */
  programmePersonalFeed: (token: string) => `/api/programme/feeds/${token}.ics`,
  /** Back office: every status; POST creates (press office). */
  programmeAdmin: '/api/back_office/programme/',
  programmeAdminEvent: (id: number | string) => `/api/back_office/programme/${id}/`,
  /** A company's administrator proposes an event of their exhibitor. */
  programmeProposals: '/api/back_office/programme/proposals/',
  programmeApprove: (id: number | string) => `/api/back_office/programme/${id}/approve/`,
  programmeDecline: (id: number | string) => `/api/back_office/programme/${id}/decline/`,
  programmeCancel: (id: number | string) => `/api/back_office/programme/${id}/cancel/`,
  /** At the door: the list of who is signed up and checked in, a check-in, the CSV. */
  programmeAttendance: (id: number | string) => `/api/back_office/programme/${id}/attendance/`,
  programmeCheckIn: (id: number | string) => `/api/back_office/programme/${id}/check_in/`,
  programmeAttendanceCsv: (id: number | string) => `/api/back_office/programme/${id}/attendance.csv`,
  programmeAttendancePdf: (id: number | string) => `/api/back_office/programme/${id}/attendance.pdf`,
  /** Numbers per event (sign-ups, waiting, attendance); query: edition, exhibitor. */
  programmeFigures: '/api/back_office/programme/figures/',
  statistics: '/api/back_office/statistics/',
  statisticsCsv: '/api/back_office/statistics/export.csv',
  statisticsReport: '/api/back_office/statistics/report.pdf',
  accreditationQueue: '/api/back_office/accreditation_requests/',
  accreditationDecide: '/api/back_office/accreditation_requests/decide/',
  /** Videos (decision on videos): an upload in parts, then the video of a release or a gallery. */
  videoUploads: '/api/back_office/video_uploads/',
  /** DELETE cancels an unfinished upload (its parts are removed). */
  videoUpload: (id: string) => `/api/back_office/video_uploads/${id}/`,
  /** PUT one part (application/octet-stream, numbered from 1, each `part_size` bytes but the last). */
  videoUploadPart: (id: string, number: number | string) =>
    `/api/back_office/video_uploads/${id}/parts/${number}/`,
  videoUploadComplete: (id: string) => `/api/back_office/video_uploads/${id}/complete/`,
  /** The office's videos of one release or gallery; query: press_release or gallery. */
  videosAdmin: '/api/back_office/videos/',
  videoAdmin: (id: number | string) => `/api/back_office/videos/${id}/`,
  /** PUT multipart `file`: a JPEG, PNG or WebP picture (a frame taken from the video, or a chosen one). */
  videoAdminPoster: (id: number | string) => `/api/back_office/videos/${id}/poster/`,
  /** PUT multipart `file` (WebVTT) or DELETE the captions of one language. */
  videoAdminCaptions: (id: number | string, language: string) =>
    `/api/back_office/videos/${id}/captions/${language}/`,
  /** Readers, under the owner's visibility: the video with HTTP Range, the original as an attachment (counted). */
  videoStream: (id: number | string) => `/api/videos/${id}/stream`,
  videoDownload: (id: number | string) => `/api/videos/${id}/download`,
  /** POST once when playback starts: counts a play (204). */
  videoPlays: (id: number | string) => `/api/videos/${id}/plays/`,
  videoCaptions: (id: number | string, language: string) => `/api/videos/${id}/captions/${language}.vtt`,
  /** The poster's web or print rendition (sRGB JPEG). */
  videoPoster: (id: number | string, kind: 'web' | 'print') => `/api/videos/${id}/poster/${kind}`,
  health: '/healthz',
  docs: '/api/docs',
} as const;

/** Client routes that mailed links point to (hash routing). */
export const webLinks = {
  pressRelease: (id: number) => `/#/press-release/${id}`,
  alertConfirm: (token: string) => `/#/alerts/confirm/${token}`,
  alertManage: (token: string) => `/#/alerts/manage/${token}`,
  releasePreview: (token: string) => `/#/preview/${token}`,
  /** The page a campaign mail's visible link opens: it confirms the withdrawal of the press office's mail. */
  pressMailWithdraw: (token: string) => `/#/press-mail/withdraw/${token}`,
  accreditation: '/#/account/accreditation',
  myFair: '/#/account/my-fair',
  myCoverage: '/#/account/coverage',
  userProfile: '/#/account/user-profile',
  /** "In the press" filtered by one exhibitor. */
  exhibitorCoverage: (exhibitorId: number) => `/#/in-the-press?exhibitor=${exhibitorId}`,
  exhibitor: (id: number) => `/#/exhibitors/${id}`,
  exhibitorInterviews: '/#/admin/interviews',
  programme: '/#/programme',
  programmeEvent: (id: number | string) => `/#/programme/${id}`,
  programmeAdmin: '/#/admin/programme',
  programmeAttendance: (id: number | string) => `/#/admin/programme/${id}/attendance`,
  contactInbox: '/#/admin/contact-inbox',
  verifyAccount: (userId: number, timestamp: number, signature: string) =>
    `/#/account/verify-account/user_id=${userId}&timestamp=${timestamp}&signature=${signature}`,
  resetPassword: (userId: number, timestamp: number, signature: string) =>
    `/#/account/reset-password/user_id=${userId}&timestamp=${timestamp}&signature=${signature}`,
} as const;

/**
 * Pages the server renders for crawlers, link previews and readers without JavaScript (decision 8). A release's
 * address is its year and number (unique, given at first publication) and a slug of its title, which is only
 * decoration: a changed title gives a new slug and the old one answers 301 to it.
 */
export const publicPages = {
  releases: '/releases/',
  release: (year: number, number: number, slug: string) =>
    `/releases/${year}-${number}${slug ? `-${slug}` : ''}`,
  releaseSocialImage: (year: number, number: number) => `/releases/${year}-${number}/social-image.jpg`,
  /** The directory of the site's current edition, and an exhibitor's press box: its id and a slug of its name. */
  exhibitors: '/exhibitors/',
  exhibitor: (id: number, slug: string) => `/exhibitors/${id}${slug ? `-${slug}` : ''}`,
  /** The fair's press programme of the site's current edition by day, and an event: its id and a slug of its title. */
  programme: '/programme/',
  programmeEvent: (id: number, slug: string) => `/programme/${id}${slug ? `-${slug}` : ''}`,
  /** Approved coverage of the site ("In the press"), newest first, with plain GET filters. */
  coverage: '/in-the-press/',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  /** A public video alone in a minimal page (no cookies, no scripts), for an `<iframe>` elsewhere. */
  videoEmbed: (id: number) => `/embed/videos/${id}`,
  /** Where a press badge's QR code leads: a page saying whether the badge is valid (for the gate). */
  badge: (token: string) => `/badges/${token}`,
} as const;

const slugMaxLength = 80;

/**
 * The readable part of a release's address: the title in lower-case ASCII words joined by hyphens (accents
 * dropped), cut at a word within 80 characters; empty when the title has no Latin letters or digits (Hebrew,
 * Arabic), the address then being year and number alone.
 */
export function releaseSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > slugMaxLength) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, slugMaxLength) ?? '');
}
