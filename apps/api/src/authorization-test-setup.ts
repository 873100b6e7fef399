import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, type Role } from '@pressroom/contract';
import { companies } from '@pressroom/db';
import { afterAll, beforeAll } from 'vitest';
import { multipart } from './features/imports/test-helpers.ts';
import { createTestApp } from './test-support/app.ts';
import { authHeader, createUser, tokenFor } from './test-support/factories.ts';

/*
 * The table of `authorization.test.ts`: each kind of caller signed in on one app, and one row per operation of
 * the OpenAPI description with the callers it admits. The bindings are live: `setUpAuthorizationApp` fills
 * them before the file's tests and stops the app after them.
 */
type Caller =
  | 'anonymous'
  | 'journalist'
  | 'agent'
  | 'companyAdministrator'
  | 'pressOffice'
  | 'associatedCompanies'
  | 'global';

export const callers: Caller[] = [
  'anonymous',
  'journalist',
  'agent',
  'companyAdministrator',
  'pressOffice',
  'associatedCompanies',
  'global',
];

export let context: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
export const headers = {} as Record<Caller, Record<string, string>>;
let agentId = 0;
/** The company the agent and the company administrator belong to: its press box is theirs. */
let tilesId = 0;
export const missing = 999_999;

/** The app and a signed-in user of each kind, made before the tests of the file that calls it. */
export function setUpAuthorizationApp() {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-authz-'));
    context = await createTestApp({ config: { dataDir } });
    const [tiles] = await context.db
      .insert(companies)
      .values({ businessName: 'Tiles', matchKey: 'tiles|' })
      .returning();
    tilesId = tiles.id;
    const make = async (roles: Role[], company = false) => {
      const user = await createUser(context.app, {
        roles,
        userType: company ? 'COMPANY' : 'USER',
        companyId: company ? tiles.id : null,
      });
      return { user, header: authHeader(await tokenFor(context.app, user)) };
    };
    headers.anonymous = {};
    headers.journalist = (await make(['user_press_room'])).header;
    const agent = await make(['agent_press_room_external_company'], true);
    agentId = agent.user.id;
    headers.agent = agent.header;
    headers.companyAdministrator = (await make(['administrator_press_room_external_company'], true)).header;
    headers.pressOffice = (await make(['administrator_press_room'])).header;
    headers.associatedCompanies = (await make(['administrator_associated_companies'])).header;
    headers.global = (await make(['administrator_global'])).header;
  });

  afterAll(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });
}

/** One operation of the API, who may call it, and how to call it when the path alone does not do. */
export interface Row {
  /** As the OpenAPI description names it: method and path. */
  operation: string;
  allowed: Caller[];
  /** The URL to call; by default the path with each parameter set to an id that does not exist. */
  url?: () => string;
  payload?: () => { body: unknown; headers?: Record<string, string> };
}

const everyone: Caller[] = callers;
const signedIn: Caller[] = callers.filter((caller) => caller !== 'anonymous');
/** The press area (gallery, magazines, press kit, contact, downloads): section 3, second row. */
const pressArea: Caller[] = ['journalist', 'agent', 'companyAdministrator', 'pressOffice', 'global'];
/** Writing releases and galleries for their own company (which ones: each feature's test). */
const contentWriters: Caller[] = ['agent', 'companyAdministrator', 'pressOffice', 'global'];
/** All press content, magazines, press kit, journalists' accreditation, contact inbox. */
const pressOffice: Caller[] = ['pressOffice', 'global'];
/** Companies, brands, imports. */
const companyAdmins: Caller[] = ['associatedCompanies', 'global'];
/** The import wizard: the associated companies' (companies, exhibitors) and the press office's (coverage). */
const importers: Caller[] = ['pressOffice', 'associatedCompanies', 'global'];
/**
 * A company's press box: its agents and administrator, and the press office (decision 13: the association's
 * staff keep the companies' registry, not their press content).
 */
const boxEditors: Caller[] = ['agent', 'companyAdministrator', 'pressOffice', 'global'];
/** Approving an agent's change to a press box: the company administrator and the press office. */
const boxApprovers: Caller[] = ['companyAdministrator', 'pressOffice', 'global'];
/**
 * Interview requests go to the exhibitor's company only (decision 13): its administrators read and answer them;
 * the press office (and the global administrator) see numbers per exhibitor; the association's staff nothing.
 */
const interviewAnswerers: Caller[] = ['companyAdministrator'];
const interviewCounters: Caller[] = ['companyAdministrator', 'pressOffice', 'global'];
/** The programme's back office: the press office, and a company's administrator for their company's events. */
const programmeOrganisers: Caller[] = ['companyAdministrator', 'pressOffice', 'global'];
const box =
  (rest = '') =>
  () =>
    `/api/back_office/press_boxes/${tilesId}/${rest}`;

const empty = () => ({ body: {} });
const upload = () => {
  const body = multipart('members.csv', 'Name;City\nTiles;Modena\n');
  return { body: body.payload, headers: body.headers };
};
const mapping = () => ({ body: { mapping: { business_name: 'Name' } } });

export const table: Row[] = [
  // Public pages and the account (section 3, first row).
  { operation: 'GET /healthz', allowed: everyone },
  { operation: 'GET /readyz', allowed: everyone },
  { operation: 'GET /api/site/', allowed: everyone },
  { operation: 'GET /api/press_room/press_group/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release_years/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release/feed.atom', allowed: everyone },
  { operation: 'GET /api/press_room/press_release/{id}/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release/{id}/related/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release_featured/', allowed: everyone },
  // E-mail alerts: anyone subscribes; the mailed token, not a sign-in, opens a subscription.
  { operation: 'POST /api/alerts/subscriptions/', allowed: everyone, payload: empty },
  { operation: 'POST /api/alerts/confirm/', allowed: everyone, payload: empty },
  { operation: 'GET /api/alerts/manage/{token}/', allowed: everyone },
  { operation: 'PATCH /api/alerts/manage/{token}/', allowed: everyone, payload: empty },
  { operation: 'POST /api/alerts/unsubscribe/{token}/', allowed: everyone, payload: empty },
  // A signed-in user's own subscription, by their account's address.
  { operation: 'GET /api/alerts/mine/', allowed: signedIn },
  { operation: 'GET /api/press_room/press_release_companies/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release_file/{id}/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release_file/{id}/thumbnail/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release_file/{id}/web/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release_file/{id}/print/', allowed: everyone },
  { operation: 'GET /api/press_room/press_release_file/{id}/cover/{width}/{format}/', allowed: everyone },
  { operation: 'GET /api/site/press_contacts/', allowed: everyone },
  { operation: 'GET /api/site/press_contacts/{id}/photo/{version}/', allowed: everyone },
  { operation: 'POST /api/account/token-auth/', allowed: everyone, payload: empty },
  { operation: 'POST /api/account/token-refresh/', allowed: everyone, payload: empty },
  { operation: 'POST /api/account/register/', allowed: everyone, payload: empty },
  { operation: 'POST /api/account/verify-registration/', allowed: everyone, payload: empty },
  { operation: 'POST /api/account/resend-activation-email/', allowed: everyone, payload: empty },
  { operation: 'POST /api/account/send-reset-password-link/', allowed: everyone, payload: empty },
  { operation: 'POST /api/account/reset-password/', allowed: everyone, payload: empty },
  { operation: 'POST /api/account/change-password/', allowed: signedIn, payload: empty },
  { operation: 'GET /api/account/profile/', allowed: signedIn },
  { operation: 'PATCH /api/account/profile/', allowed: signedIn, payload: empty },
  { operation: 'DELETE /api/account/profile/', allowed: signedIn, payload: empty },
  { operation: 'POST /api/account/consent/', allowed: signedIn, payload: empty },
  { operation: 'GET /api/account/profile/export/', allowed: signedIn },
  {
    operation: 'POST /api/error_reports/',
    allowed: everyone,
    payload: () => ({ body: { message: 'TypeError: x is undefined' } }),
  },

  // The press area.
  { operation: 'GET /api/press_room/gallery/tree/', allowed: pressArea },
  { operation: 'GET /api/press_room/gallery/galleries/{id}/', allowed: pressArea },
  { operation: 'GET /api/press_room/gallery/galleries/{id}/images/', allowed: pressArea },
  { operation: 'GET /api/press_room/gallery/images/{id}/', allowed: pressArea },
  { operation: 'GET /api/press_room/gallery/tagged_images/', allowed: pressArea },
  { operation: 'GET /api/press_room/gallery/tags/', allowed: pressArea },
  { operation: 'GET /api/press_room/pictures/', allowed: pressArea },
  { operation: 'GET /api/press_room/pictures/filters/', allowed: pressArea },
  { operation: 'GET /api/press_room/gallery/images/{id}/{variant}/{file}', allowed: pressArea },
  { operation: 'POST /api/press_room/gallery/download/', allowed: pressArea, payload: empty },
  { operation: 'GET /api/press_room/gallery/download/', allowed: pressArea },
  { operation: 'GET /api/press_room/magazine/', allowed: pressArea },
  { operation: 'GET /api/press_room/magazine_facets/', allowed: pressArea },
  { operation: 'GET /api/press_room/magazine/{id}/', allowed: pressArea },
  { operation: 'GET /api/press_room/magazine/{id}/{variant}/{file}', allowed: pressArea },
  { operation: 'GET /api/press_room/press_kit/', allowed: pressArea },
  { operation: 'GET /api/press_room/press_kit/zip/', allowed: pressArea },
  { operation: 'GET /api/press_room/press_kit/{id}/file/{checksum}', allowed: pressArea },
  { operation: 'POST /api/press_room/contact/', allowed: pressArea, payload: empty },

  // Writing releases and galleries for their own company; publishing them is the company administrator's.
  { operation: 'POST /api/press_room/gallery/galleries/', allowed: contentWriters, payload: empty },
  { operation: 'PATCH /api/press_room/gallery/galleries/{id}/', allowed: contentWriters, payload: empty },
  { operation: 'DELETE /api/press_room/gallery/galleries/{id}/', allowed: contentWriters },
  {
    operation: 'POST /api/press_room/gallery/galleries/{id}/images/',
    allowed: contentWriters,
    payload: empty,
  },
  { operation: 'PATCH /api/press_room/gallery/images/{id}/', allowed: contentWriters, payload: empty },
  { operation: 'DELETE /api/press_room/gallery/images/{id}/', allowed: contentWriters },
  { operation: 'GET /api/press_room/gallery/tag_choices/', allowed: contentWriters },
  { operation: 'GET /api/press_room/admin/press_release_companies/', allowed: contentWriters },
  { operation: 'GET /api/press_room/admin/press_release/', allowed: contentWriters },
  { operation: 'POST /api/press_room/admin/press_release/', allowed: contentWriters, payload: empty },
  { operation: 'GET /api/press_room/admin/press_release/{id}/', allowed: contentWriters },
  { operation: 'PATCH /api/press_room/admin/press_release/{id}/', allowed: contentWriters, payload: empty },
  { operation: 'DELETE /api/press_room/admin/press_release/{id}/', allowed: contentWriters },
  {
    operation: 'POST /api/press_room/admin/press_release/{id}/status/',
    allowed: contentWriters,
    payload: empty,
  },
  {
    operation: 'POST /api/press_room/admin/press_release/{id}/files/',
    allowed: contentWriters,
    payload: empty,
  },
  {
    operation: 'PATCH /api/press_room/admin/press_release/{id}/files/{fileId}/',
    allowed: contentWriters,
    payload: empty,
  },
  { operation: 'DELETE /api/press_room/admin/press_release/{id}/files/{fileId}/', allowed: contentWriters },
  // Featuring on a site's Home is the press office's (a company's editors edit their releases, not Home).
  { operation: 'PUT /api/press_room/admin/press_release/{id}/featured/{group}/', allowed: pressOffice },
  { operation: 'DELETE /api/press_room/admin/press_release/{id}/featured/{group}/', allowed: pressOffice },
  // Embargo previews: a release's editors invite, list and revoke (which releases: the feature's test); the
  // personal link, not a sign-in, opens a preview.
  { operation: 'GET /api/press_room/admin/press_release/{id}/previews/', allowed: contentWriters },
  {
    operation: 'POST /api/press_room/admin/press_release/{id}/previews/',
    allowed: contentWriters,
    payload: () => ({ body: { email: 'invitee@example.test', name: 'Invitee' } }),
  },
  {
    operation: 'POST /api/press_room/admin/press_release/{id}/previews/{invitation}/revoke/',
    allowed: contentWriters,
  },
  {
    operation: 'GET /api/press_room/admin/press_release/{id}/previews/accounts/',
    allowed: contentWriters,
    url: () => `${apiPaths.releasePreviewAccounts(missing)}?search=invitee`,
  },
  { operation: 'GET /api/press_room/preview/{token}/', allowed: everyone },

  // Their company's agents: company administrators (their own company's only), and all users for the global.
  {
    operation: 'GET /api/back_office/users/',
    allowed: ['companyAdministrator', 'pressOffice', 'global'],
  },
  {
    operation: 'GET /api/back_office/users/{id}/',
    url: () => apiPaths.adminUser(agentId),
    allowed: ['companyAdministrator', 'global'],
  },
  {
    operation: 'PATCH /api/back_office/users/{id}/',
    url: () => apiPaths.adminUser(agentId),
    payload: () => ({ body: { first_name: 'Agent' } }),
    allowed: ['companyAdministrator', 'global'],
  },

  // The press office: all press content, magazines, press kit, accreditation, contact inbox.
  { operation: 'POST /api/press_room/gallery/categories/', allowed: pressOffice, payload: empty },
  { operation: 'PATCH /api/press_room/gallery/categories/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/press_room/gallery/categories/{id}/', allowed: pressOffice },
  { operation: 'POST /api/press_room/magazine/', allowed: pressOffice, payload: empty },
  { operation: 'PATCH /api/press_room/magazine/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/press_room/magazine/{id}/', allowed: pressOffice },
  { operation: 'POST /api/press_room/press_kit/', allowed: pressOffice, payload: empty },
  { operation: 'PATCH /api/press_room/press_kit/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/press_room/press_kit/{id}/', allowed: pressOffice },
  { operation: 'GET /api/back_office/press_contacts/', allowed: pressOffice },
  { operation: 'POST /api/back_office/press_contacts/', allowed: pressOffice, payload: empty },
  { operation: 'PATCH /api/back_office/press_contacts/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/back_office/press_contacts/{id}/', allowed: pressOffice },
  { operation: 'PUT /api/back_office/press_contacts/{id}/photo/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/back_office/press_contacts/{id}/photo/', allowed: pressOffice },
  { operation: 'GET /api/back_office/boilerplates/', allowed: pressOffice },
  { operation: 'PUT /api/back_office/boilerplates/{site}/{language}/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/back_office/boilerplates/{site}/{language}/', allowed: pressOffice },
  { operation: 'GET /api/back_office/press_release_contacts/{id}/', allowed: pressOffice },
  { operation: 'PUT /api/back_office/press_release_contacts/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'GET /api/press_room/contact/', allowed: pressOffice },
  { operation: 'GET /api/press_room/contact/{id}/', allowed: pressOffice },
  { operation: 'PATCH /api/press_room/contact/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'GET /api/back_office/accreditations/', allowed: pressOffice },
  { operation: 'GET /api/back_office/alerts/', allowed: pressOffice },
  // The press office's mail to chosen journalists: each user's own answer, the one-click withdrawal by a mail's
  // token, and the office's lists and campaigns.
  { operation: 'GET /api/account/press_mail/', allowed: signedIn },
  { operation: 'PUT /api/account/press_mail/', allowed: signedIn, payload: empty },
  { operation: 'POST /api/press_mail/withdraw/{token}/', allowed: everyone, payload: empty },
  { operation: 'GET /api/back_office/recipient_lists/', allowed: pressOffice },
  { operation: 'POST /api/back_office/recipient_lists/', allowed: pressOffice, payload: empty },
  { operation: 'POST /api/back_office/recipient_lists/count/', allowed: pressOffice, payload: empty },
  { operation: 'PUT /api/back_office/recipient_lists/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/back_office/recipient_lists/{id}/', allowed: pressOffice },
  { operation: 'GET /api/back_office/campaigns/', allowed: pressOffice },
  { operation: 'POST /api/back_office/campaigns/', allowed: pressOffice, payload: empty },
  { operation: 'POST /api/back_office/campaigns/test/', allowed: pressOffice, payload: empty },
  // What was read and downloaded (decision 11): the press office's figures, and a company's own for its
  // administrators.
  {
    operation: 'GET /api/back_office/statistics/',
    allowed: ['companyAdministrator', 'pressOffice', 'global'],
  },
  {
    operation: 'GET /api/back_office/statistics/export.csv',
    allowed: ['companyAdministrator', 'pressOffice', 'global'],
  },
  {
    operation: 'GET /api/back_office/statistics/report.pdf',
    allowed: ['companyAdministrator', 'pressOffice', 'global'],
  },
  // The basket across galleries: each journalist's own, in the press area.
  { operation: 'GET /api/press_room/basket/', allowed: pressArea },
  { operation: 'POST /api/press_room/basket/', allowed: pressArea, payload: empty },
  { operation: 'DELETE /api/press_room/basket/', allowed: pressArea },
  { operation: 'POST /api/press_room/basket/remove/', allowed: pressArea, payload: empty },
  { operation: 'POST /api/press_room/basket/gallery/{id}/', allowed: pressArea },
  { operation: 'DELETE /api/press_room/basket/gallery/{id}/', allowed: pressArea },
  { operation: 'POST /api/press_room/basket/download/', allowed: pressArea, payload: empty },
  { operation: 'GET /api/press_room/basket/download/', allowed: pressArea },
  // Accreditation per edition (decision 10): journalists ask from the press area; proofs and badges are their
  // holder's and the office's (anyone else signed in is told 404); the gate's check is public.
  { operation: 'GET /api/press_room/accreditation/', allowed: pressArea },
  { operation: 'POST /api/press_room/accreditation/', allowed: pressArea, payload: empty },
  { operation: 'POST /api/press_room/accreditation/{id}/answer/', allowed: pressArea, payload: empty },
  { operation: 'GET /api/press_room/accreditation/{id}/proofs/{proofId}/', allowed: signedIn },
  { operation: 'GET /api/press_room/accreditation/{id}/badge/', allowed: signedIn },
  { operation: 'GET /api/badges/{token}/', allowed: everyone },
  { operation: 'GET /api/back_office/accreditation_requests/', allowed: pressOffice },
  { operation: 'POST /api/back_office/accreditation_requests/decide/', allowed: pressOffice, payload: empty },
  { operation: 'GET /api/back_office/editions/', allowed: ['pressOffice', 'associatedCompanies', 'global'] },
  { operation: 'POST /api/back_office/editions/', allowed: pressOffice, payload: empty },
  { operation: 'PATCH /api/back_office/editions/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'DELETE /api/back_office/editions/{id}/', allowed: pressOffice },
  { operation: 'POST /api/back_office/accreditations/{id}/approve/', allowed: pressOffice, payload: empty },
  { operation: 'POST /api/back_office/accreditations/{id}/reject/', allowed: pressOffice, payload: empty },

  // Companies, brands, imports.
  { operation: 'GET /api/back_office/companies/', allowed: companyAdmins },
  {
    operation: 'POST /api/back_office/companies/',
    payload: () => ({ body: { business_name: '' } }),
    allowed: companyAdmins,
  },
  { operation: 'GET /api/back_office/companies/{id}/', allowed: companyAdmins },
  {
    operation: 'PUT /api/back_office/companies/{id}/',
    payload: () => ({ body: { business_name: 'x' } }),
    allowed: companyAdmins,
  },
  {
    operation: 'PATCH /api/back_office/companies/{id}/',
    payload: () => ({ body: { note: 'x' } }),
    allowed: companyAdmins,
  },
  { operation: 'DELETE /api/back_office/companies/{id}/', allowed: companyAdmins },
  {
    operation: 'PUT /api/back_office/companies/{id}/brands/',
    payload: () => ({ body: { brands: [] } }),
    allowed: companyAdmins,
  },
  { operation: 'GET /api/back_office/brands/', allowed: companyAdmins },
  {
    operation: 'POST /api/back_office/brands/',
    payload: () => ({ body: { name: '' } }),
    allowed: companyAdmins,
  },
  { operation: 'GET /api/back_office/brands/{id}/', allowed: companyAdmins },
  {
    operation: 'PUT /api/back_office/brands/{id}/',
    payload: () => ({ body: { name: 'x' } }),
    allowed: companyAdmins,
  },
  {
    operation: 'PATCH /api/back_office/brands/{id}/',
    payload: () => ({ body: { name: 'x' } }),
    allowed: companyAdmins,
  },
  { operation: 'DELETE /api/back_office/brands/{id}/', allowed: companyAdmins },
  { operation: 'GET /api/back_office/imports/', allowed: importers },
  { operation: 'POST /api/back_office/imports/', payload: upload, allowed: importers },
  { operation: 'GET /api/back_office/imports/{id}/', allowed: importers },
  { operation: 'GET /api/back_office/imports/{id}/columns/', allowed: importers },
  // Whose import it is (those who may fill its target; others are told 404) and that its target stays the one
  // of its upload: the feature's test (imports/coverage-import.test.ts).
  { operation: 'POST /api/back_office/imports/{id}/dry_run/', payload: mapping, allowed: importers },
  { operation: 'POST /api/back_office/imports/{id}/run/', payload: mapping, allowed: importers },
  { operation: 'GET /api/back_office/imports/{id}/progress/', allowed: importers },
  { operation: 'GET /api/back_office/imports/{id}/rows/', allowed: importers },

  // Exhibitors of each edition: the association's staff.
  { operation: 'GET /api/back_office/exhibitors/', allowed: companyAdmins },
  { operation: 'POST /api/back_office/exhibitors/', payload: empty, allowed: companyAdmins },
  { operation: 'GET /api/back_office/exhibitors/{id}/', allowed: companyAdmins },
  { operation: 'PATCH /api/back_office/exhibitors/{id}/', payload: empty, allowed: companyAdmins },
  { operation: 'DELETE /api/back_office/exhibitors/{id}/', allowed: companyAdmins },
  // Press boxes: which company's is each caller's is the feature's own test; an agent's change waits (202).
  { operation: 'GET /api/back_office/press_boxes/{company}/', url: box(), allowed: boxEditors },
  {
    operation: 'PATCH /api/back_office/press_boxes/{company}/',
    url: box(),
    payload: empty,
    allowed: boxEditors,
  },
  {
    operation: 'PUT /api/back_office/press_boxes/{company}/logo/',
    url: box('logo/'),
    payload: empty,
    allowed: boxEditors,
  },
  {
    operation: 'DELETE /api/back_office/press_boxes/{company}/logo/',
    url: box('logo/'),
    allowed: boxEditors,
  },
  {
    operation: 'POST /api/back_office/press_boxes/{company}/contacts/',
    url: box('contacts/'),
    payload: empty,
    allowed: boxEditors,
  },
  {
    operation: 'PUT /api/back_office/press_boxes/{company}/contacts/order/',
    url: box('contacts/order/'),
    payload: () => ({ body: { contacts: [missing] } }),
    allowed: boxEditors,
  },
  {
    operation: 'PATCH /api/back_office/press_boxes/{company}/contacts/{contact}/',
    url: box(`contacts/${missing}/`),
    payload: empty,
    allowed: boxEditors,
  },
  {
    operation: 'DELETE /api/back_office/press_boxes/{company}/contacts/{contact}/',
    url: box(`contacts/${missing}/`),
    allowed: boxEditors,
  },
  {
    operation: 'PUT /api/back_office/press_boxes/{company}/contacts/{contact}/photo/',
    url: box(`contacts/${missing}/photo/`),
    payload: empty,
    allowed: boxEditors,
  },
  {
    operation: 'DELETE /api/back_office/press_boxes/{company}/contacts/{contact}/photo/',
    url: box(`contacts/${missing}/photo/`),
    allowed: boxEditors,
  },
  {
    operation: 'POST /api/back_office/press_boxes/{company}/changes/{change}/approve/',
    url: box(`changes/${missing}/approve/`),
    allowed: boxApprovers,
  },
  {
    operation: 'POST /api/back_office/press_boxes/{company}/changes/{change}/reject/',
    url: box(`changes/${missing}/reject/`),
    allowed: boxApprovers,
  },
  {
    operation: 'GET /api/back_office/press_boxes/{company}/changes/{change}/file/',
    url: box(`changes/${missing}/file/`),
    allowed: boxEditors,
  },
  // The directory and the press boxes as the site shows them.
  // Interview requests: the press area asks and follows its own; the exhibitor's own company answers (which
  // company's: the feature's test); the invitation is its journalist's and its company's (others: 404).
  { operation: 'POST /api/interviews/', allowed: pressArea, payload: empty },
  { operation: 'GET /api/interviews/', allowed: pressArea },
  { operation: 'POST /api/interviews/{id}/cancel/', allowed: pressArea, payload: empty },
  { operation: 'GET /api/interviews/{id}/invitation.ics', allowed: signedIn },
  { operation: 'GET /api/back_office/interviews/', allowed: interviewAnswerers },
  { operation: 'GET /api/back_office/interviews/counts/', allowed: interviewCounters },
  { operation: 'POST /api/back_office/interviews/{id}/accept/', allowed: interviewAnswerers, payload: empty },
  {
    operation: 'POST /api/back_office/interviews/{id}/decline/',
    allowed: interviewAnswerers,
    payload: empty,
  },
  { operation: 'POST /api/back_office/interviews/{id}/cancel/', allowed: interviewAnswerers, payload: empty },
  // The press programme: public list and calendars; the press area signs up and keeps a personal feed (whose
  // secret address is its own key); the press office keeps the programme, a company's administrator proposes
  // and runs the door of their company's events (which ones: the feature's test).
  { operation: 'GET /api/site/programme/', allowed: everyone },
  { operation: 'GET /api/site/programme/{id}/', allowed: everyone },
  { operation: 'GET /api/site/programme/{id}/event.ics', allowed: everyone },
  { operation: 'GET /api/site/programme/feed.ics', allowed: everyone },
  { operation: 'GET /api/programme/feeds/{token}.ics', allowed: everyone },
  { operation: 'POST /api/programme/{id}/signup/', allowed: pressArea },
  { operation: 'DELETE /api/programme/{id}/signup/', allowed: pressArea },
  { operation: 'GET /api/programme/{id}/clashes/', allowed: pressArea },
  { operation: 'GET /api/programme/mine/', allowed: pressArea },
  { operation: 'GET /api/programme/feed_token/', allowed: pressArea },
  { operation: 'POST /api/programme/feed_token/', allowed: pressArea },
  { operation: 'DELETE /api/programme/feed_token/', allowed: pressArea },
  { operation: 'GET /api/back_office/programme/', allowed: programmeOrganisers },
  { operation: 'POST /api/back_office/programme/', allowed: pressOffice, payload: empty },
  { operation: 'POST /api/back_office/programme/proposals/', allowed: programmeOrganisers, payload: empty },
  { operation: 'GET /api/back_office/programme/{id}/', allowed: programmeOrganisers },
  { operation: 'PATCH /api/back_office/programme/{id}/', allowed: programmeOrganisers, payload: empty },
  { operation: 'POST /api/back_office/programme/{id}/approve/', allowed: pressOffice },
  { operation: 'POST /api/back_office/programme/{id}/decline/', allowed: pressOffice, payload: empty },
  { operation: 'POST /api/back_office/programme/{id}/cancel/', allowed: programmeOrganisers, payload: empty },
  { operation: 'GET /api/back_office/programme/{id}/attendance/', allowed: programmeOrganisers },
  {
    operation: 'POST /api/back_office/programme/{id}/check_in/',
    allowed: programmeOrganisers,
    payload: empty,
  },
  { operation: 'GET /api/back_office/programme/{id}/attendance.csv', allowed: programmeOrganisers },
  { operation: 'GET /api/back_office/programme/{id}/attendance.pdf', allowed: programmeOrganisers },
  { operation: 'GET /api/back_office/programme/figures/', allowed: programmeOrganisers },
  // Coverage: the press area reports and follows its own pieces and adds their clippings; any signed-in user
  // may ask for a clipping (whose: the feature's test); the press office reports, approves and rejects.
  { operation: 'POST /api/coverage/', allowed: pressArea, payload: empty },
  { operation: 'GET /api/coverage/', allowed: pressArea },
  { operation: 'PUT /api/coverage/{id}/clipping/', allowed: pressArea, payload: empty },
  { operation: 'GET /api/coverage/{id}/clipping/', allowed: signedIn },
  { operation: 'GET /api/back_office/coverage/', allowed: pressOffice },
  { operation: 'POST /api/back_office/coverage/', allowed: pressOffice, payload: empty },
  { operation: 'POST /api/back_office/coverage/{id}/approve/', allowed: pressOffice },
  { operation: 'POST /api/back_office/coverage/{id}/reject/', allowed: pressOffice, payload: empty },
  { operation: 'GET /api/site/coverage/', allowed: everyone },
  { operation: 'GET /api/site/coverage/filters/', allowed: everyone },
  { operation: 'GET /api/site/coverage/releases/{id}/', allowed: everyone },
  // The journalism award: the press office runs it, the press area enters, users with the jury permission score.
  { operation: 'GET /api/back_office/awards/', allowed: pressOffice },
  { operation: 'GET /api/back_office/award_jurors/', allowed: pressOffice },
  { operation: 'POST /api/back_office/awards/', allowed: pressOffice, payload: empty },
  { operation: 'GET /api/back_office/awards/{id}/', allowed: pressOffice },
  { operation: 'PATCH /api/back_office/awards/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'POST /api/back_office/awards/{id}/categories/', allowed: pressOffice, payload: empty },
  { operation: 'PATCH /api/back_office/award_categories/{id}/', allowed: pressOffice, payload: empty },
  { operation: 'PUT /api/back_office/award_categories/{id}/jurors/', allowed: pressOffice, payload: empty },
  { operation: 'GET /api/back_office/awards/{id}/ranking/', allowed: pressOffice },
  { operation: 'GET /api/back_office/awards/{id}/ranking.csv', allowed: pressOffice },
  { operation: 'GET /api/back_office/awards/{id}/ranking.pdf', allowed: pressOffice },
  { operation: 'PUT /api/back_office/award_entries/{id}/winner/', allowed: pressOffice, payload: empty },
  { operation: 'GET /api/award/', allowed: pressArea },
  { operation: 'POST /api/award/', allowed: pressArea, payload: empty },
  { operation: 'DELETE /api/award/entries/{id}/', allowed: pressArea },
  { operation: 'GET /api/award/{id}/jury/', allowed: ['global'] },
  { operation: 'PUT /api/award/entries/{id}/score/', allowed: ['global'], payload: empty },
  { operation: 'GET /api/site/award/releases/{id}/winners/', allowed: everyone },
  { operation: 'GET /api/site/exhibitors/', allowed: everyone },
  { operation: 'GET /api/site/exhibitors/{id}/', allowed: everyone },
  { operation: 'GET /api/site/press_boxes/{company}/logo/{version}/', allowed: everyone },
  { operation: 'GET /api/site/press_box_contacts/{id}/photo/{version}/', allowed: everyone },
  // Videos: whoever edits some release or gallery uploads (which ones: features/videos); readers as its owner's.
  { operation: 'POST /api/back_office/video_uploads/', allowed: contentWriters, payload: empty },
  { operation: 'PUT /api/back_office/video_uploads/{id}/parts/{number}/', allowed: contentWriters },
  {
    operation: 'POST /api/back_office/video_uploads/{id}/complete/',
    allowed: contentWriters,
    payload: empty,
  },
  { operation: 'DELETE /api/back_office/video_uploads/{id}/', allowed: contentWriters },
  { operation: 'GET /api/back_office/videos/', allowed: contentWriters },
  { operation: 'GET /api/back_office/videos/{id}/', allowed: contentWriters },
  { operation: 'PATCH /api/back_office/videos/{id}/', allowed: contentWriters, payload: empty },
  { operation: 'DELETE /api/back_office/videos/{id}/', allowed: contentWriters },
  { operation: 'PUT /api/back_office/videos/{id}/poster/', allowed: contentWriters },
  { operation: 'PUT /api/back_office/videos/{id}/captions/{language}/', allowed: contentWriters },
  { operation: 'DELETE /api/back_office/videos/{id}/captions/{language}/', allowed: contentWriters },
  { operation: 'GET /api/videos/{id}/stream', allowed: everyone },
  { operation: 'GET /api/videos/{id}/download', allowed: everyone },
  { operation: 'POST /api/videos/{id}/plays/', allowed: everyone },
  { operation: 'GET /api/videos/{id}/captions/{language}.vtt', allowed: everyone },
  { operation: 'GET /api/videos/{id}/poster/{kind}', allowed: everyone },

  // All users, roles, permissions, error reports.
  { operation: 'GET /api/error_reports/', allowed: ['global'] },
];
