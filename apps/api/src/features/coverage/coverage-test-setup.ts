import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  type Coverage,
  type CoverageCreateInput,
  type PublicCoveragePage,
  type Role,
} from '@pressroom/contract';
import { coverage, mailQueue } from '@pressroom/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { type FilePart, multipart, samplePdf } from '../../test-support/press-content.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';

/*
 * What the coverage tests share: the app on the fair's site in October 2026, and before each test a new edition
 * with two exhibitors, a release and signed-in callers, the pieces and mails of the test before gone. The
 * bindings are live: each test file's `setUpCoverageApp` fills them and stops the app after its tests.
 */
export let clock: TestClock;
export const fair = { host: 'fair.localhost' };
export const association = { host: 'association.localhost' };
export let context: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
export let fairId: number;
export let editionId: number;
export let exhibitorId: number;
export let otherExhibitorId: number;
export let companyIds: { named: number; other: number };
export let releaseId: number;
type Caller = 'journalist' | 'otherJournalist' | 'office' | 'namedAdmin' | 'otherAdmin';
export let as: Record<Caller, Record<string, string>>;
/** Each journalist's quotas here: a few reports a day, and clippings of a few tens of kilobytes. */
export const reportsPerDay = 8;
const clippingQuota = 64_000;

export const db = () => context.db;

async function signedIn(roles: Role[], options: { company?: number; language?: 'en' | 'de' | 'fr' } = {}) {
  const user = await createUser(context.app, {
    roles,
    companyId: options.company ?? null,
    userType: options.company ? 'COMPANY' : 'USER',
    language: options.language ?? 'en',
    firstName: 'Markus',
    lastName: 'Weber',
  });
  return { ...fair, ...authHeader(await tokenFor(context.app, user)) } as Record<string, string>;
}

export const piece = (overrides: Partial<CoverageCreateInput> = {}): CoverageCreateInput => ({
  url: 'https://www.fliesen-report.example/2026/10/grossformate-in-bologna',
  title: 'Großformate prägen die Messe',
  outlet: 'Fliesen Report',
  published_on: '2026-10-01',
  language: 'de',
  country: 'DE',
  media_type: 'website',
  reach: 42_000,
  edition: editionId,
  releases: [releaseId],
  exhibitors: [exhibitorId],
  show_name: false,
  ...overrides,
});

export function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

export async function reported(overrides: Partial<CoverageCreateInput> = {}, headers = as.journalist) {
  const response = await call('POST', apiPaths.coverage, headers, piece(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Coverage;
}

export async function approved(overrides: Partial<CoverageCreateInput> = {}, headers = as.journalist) {
  const created = await reported(overrides, headers);
  const response = await call('POST', apiPaths.coverageApprove(created.id), as.office);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Coverage;
}

export function uploadClipping(id: number, file: FilePart, headers = as.journalist) {
  const form = multipart({}, [file]);
  return context.app.inject({
    method: 'PUT',
    url: apiPaths.coverageClipping(id),
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

export const pdfClipping = (): FilePart => ({
  field: 'clipping',
  fileName: 'fliesen-report.pdf',
  contentType: 'application/pdf',
  content: samplePdf('Fliesen Report, page 12'),
});

export async function publicList(query = '', headers: Record<string, string> = fair) {
  const response = await call('GET', `${apiPaths.publicCoverage}${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PublicCoveragePage;
}

export const mails = () => db().select().from(mailQueue).orderBy(asc(mailQueue.id));

/** The app of the file that calls it, and the data each of its tests starts from. */
export function setUpCoverageApp() {
  beforeAll(async () => {
    // The fair ran from 22 to 26 September 2026; the pieces are reported in October.
    clock = new TestClock(new Date('2026-10-05T09:00:00Z'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-coverage-'));
    context = await createTestApp({
      clock,
      config: { dataDir, coverageReportsPerDay: reportsPerDay, clippingQuotaBytes: clippingQuota },
    });
    fairId = context.app.sites.byName.get('Tile Fair')!.id;
  });

  afterAll(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db().delete(coverage);
    await db().delete(mailQueue);
    const edition = await insertEdition(db(), { siteId: fairId });
    editionId = edition.id;
    const company = await insertCompany(db(), { name: `Ceramiche Aurora ${edition.id}` });
    const other = await insertCompany(db(), { name: `Gres Nord ${edition.id}` });
    exhibitorId = (await insertExhibitor(db(), { editionId, companyId: company.id })).id;
    companyIds = { named: company.id, other: other.id };
    otherExhibitorId = (await insertExhibitor(db(), { editionId, companyId: other.id })).id;
    releaseId = (
      await insertRelease(db(), {
        groups: [fairId],
        translations: [{ language: 'en', title: 'Tile Fair 2026 closes with record attendance' }],
      })
    ).id;
    as = {
      journalist: await signedIn(['user_press_room'], { language: 'de' }),
      otherJournalist: await signedIn(['user_press_room']),
      office: await signedIn(['administrator_press_room']),
      namedAdmin: await signedIn(['administrator_press_room_external_company'], { company: company.id }),
      otherAdmin: await signedIn(['administrator_press_room_external_company'], { company: other.id }),
    };
  });
}
