import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Award, type AwardCreateInput, type AwardEntry, apiPaths, type Role } from '@pressroom/contract';
import { awards, coverage } from '@pressroom/db';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';

// The fair ran in September 2026 in Rome's zone; the award takes pieces published from September to March and
// entries until 31 March 2027, 23:59 at the fair: 21:59 UTC, summer time having begun on 28 March.
export const deadline = '2027-03-31T21:59:00.000Z';
export let clock: TestClock;
export const fair = { host: 'fair.localhost' };
export const association = { host: 'association.localhost' };
let context: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
export let fairId: number;
export let associationId: number;
export let editionId: number;
export type Caller =
  | 'journalist'
  | 'otherJournalist'
  | 'office'
  | 'juror'
  | 'secondJuror'
  | 'idleJuror'
  | 'plainUser';
export let as: Record<Caller, Record<string, string>>;
export let ids: Record<Caller, number>;
export let piece: number;

export const db = () => context.db;

async function signedIn(
  roles: Role[],
  options: { judge?: boolean; firstName?: string; lastName?: string; language?: 'en' | 'de' } = {},
) {
  const user = await createUser(context.app, {
    roles,
    extraPermissions: options.judge ? ['award.judge'] : [],
    firstName: options.firstName ?? 'Anna',
    lastName: options.lastName ?? 'Rossi',
    language: options.language ?? 'en',
  });
  return { id: user.id, user, headers: { ...fair, ...authHeader(await tokenFor(context.app, user)) } };
}

let accounts: Record<Caller, Awaited<ReturnType<typeof signedIn>>['user']>;

/** Headers with a token issued at the clock's present time (tokens expire as the clock moves on). */
export async function signedInNow(caller: Caller) {
  return { ...fair, ...authHeader(await tokenFor(context.app, accounts[caller])) };
}

/** An approved (by default) piece on the fair's site reported by one journalist. */
export async function insertPiece(
  reporterId: number,
  options: { title?: string; publishedOn?: string; status?: string; siteId?: number } = {},
) {
  const title = options.title ?? 'Large slabs steal the show';
  const [row] = await db()
    .insert(coverage)
    .values({
      pressGroupId: options.siteId ?? fairId,
      editionId,
      url: `https://www.tile-today.example/${encodeURIComponent(title)}`,
      urlKey: `www.tile-today.example/${encodeURIComponent(title)}/${Math.random()}`,
      title,
      outlet: 'Tile Today',
      publishedOn: options.publishedOn ?? '2026-10-02',
      language: 'en',
      country: 'GB',
      mediaType: 'website',
      status: options.status ?? 'approved',
      reporterId,
    })
    .returning();
  return row!.id;
}

export function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: object,
  payload?: unknown,
) {
  return context.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    payload: payload as Record<string, unknown>,
  });
}

export const awardInput = (overrides: Partial<AwardCreateInput> = {}): AwardCreateInput => ({
  edition: editionId,
  name: { en: 'Ceramic Journalism Award 2026', it: 'Premio giornalistico Ceramica 2026' },
  window_starts_on: '2026-09-01',
  window_ends_on: '2027-03-15',
  entry_deadline: deadline,
  entries_per_category: 1,
  categories: [{ name: { en: 'Design', it: 'Design' } }, { name: { en: 'Industry', it: 'Industria' } }],
  ...overrides,
});

export async function opened(overrides: Partial<AwardCreateInput> = {}) {
  const response = await call('POST', apiPaths.awards, as.office, awardInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Award;
}

export async function entered(award: Award, category = 0, coverageId = piece, headers = as.journalist) {
  const response = await call('POST', apiPaths.myAward, headers, {
    category: award.categories[category]!.id,
    coverage: coverageId,
    statement: 'How Italian factories answered the energy crisis.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AwardEntry;
}

/**
 * The award test files' app, its sites, and before each test an edition with its callers and one approved piece.
 * A file calls it at its top: the api project shares this module between the files a worker runs (isolate:
 * false), so each file's hooks set its state again, from a clock at the start of February 2027.
 */
export function useAwardTestApp() {
  beforeAll(async () => {
    clock = new TestClock(new Date('2027-02-01T09:00:00Z'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-award-'));
    context = await createTestApp({ clock, config: { dataDir } });
    fairId = context.app.sites.byName.get('Tile Fair')!.id;
    associationId = context.app.sites.byName.get('Ceramics Association')!.id;
  });

  afterAll(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    clock.set(new Date('2027-02-01T09:00:00Z'));
    await db().delete(awards);
    await db().delete(coverage);
    editionId = (await insertEdition(db(), { siteId: fairId })).id;
    const callers = {
      journalist: await signedIn(['user_press_room'], { firstName: 'Markus', lastName: 'Weber' }),
      otherJournalist: await signedIn(['user_press_room'], { firstName: 'Claire', lastName: 'Dubois' }),
      office: await signedIn(['administrator_press_room']),
      juror: await signedIn(['user_press_room'], { judge: true, firstName: 'Juror', lastName: 'One' }),
      secondJuror: await signedIn(['user_press_room'], { judge: true, firstName: 'Juror', lastName: 'Two' }),
      idleJuror: await signedIn(['user_press_room'], { judge: true, firstName: 'Juror', lastName: 'Three' }),
      plainUser: await signedIn(['user_press_room'], { firstName: 'Paolo', lastName: 'Neri' }),
    };
    as = Object.fromEntries(
      Object.entries(callers).map(([name, value]) => [name, value.headers]),
    ) as unknown as typeof as;
    ids = Object.fromEntries(Object.entries(callers).map(([name, value]) => [name, value.id])) as typeof ids;
    accounts = Object.fromEntries(
      Object.entries(callers).map(([name, value]) => [name, value.user]),
    ) as typeof accounts;
    piece = await insertPiece(ids.journalist);
  });
}
