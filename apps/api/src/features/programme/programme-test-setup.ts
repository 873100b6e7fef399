import {
  apiPaths,
  type ProgrammeEvent,
  type ProgrammeEventCreateInput,
  type ProgrammeSignup,
  type Role,
} from '@pressroom/contract';
import { accreditationRequests, mailQueue } from '@pressroom/db';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, TestClock, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';

// The fair runs from 22 to 26 September 2026 in Bologna (Europe/Rome); journalists sign up the week before.
export let clock: TestClock;
export let context: Awaited<ReturnType<typeof createTestApp>>;
export let fairId: number;
export let editionId: number;
export let exhibitorId: number;
export let companyId: number;
export let as: Record<'admin' | 'agent' | 'otherAdmin' | 'pressOffice' | 'staff', Record<string, string>>;
export let adminEmail: string;

export const db = () => context.db;
export type Headers = Record<string, string>;

export async function signedIn(
  roles: Role[],
  options: { company?: number | null; language?: 'en' | 'it' | 'de' | 'ar'; name?: string } = {},
) {
  const user = await createUser(context.app, {
    roles,
    companyId: options.company ?? null,
    userType: options.company ? 'COMPANY' : 'USER',
    language: options.language ?? 'en',
    firstName: options.name ?? 'Giulia',
    lastName: 'Neri',
  });
  return {
    id: user.id,
    email: user.email,
    headers: authHeader(await tokenFor(context.app, user)) as Headers,
  };
}

export async function journalist(language: 'en' | 'it' | 'de' | 'ar' = 'it', name = 'Giulia') {
  const user = await signedIn(['user_press_room'], { language, name });
  const [accreditation] = await db()
    .insert(accreditationRequests)
    .values({
      editionId,
      userId: user.id,
      status: 'approved',
      mediaType: 'print',
      outlet: 'Ceramica Oggi',
      role: 'editor',
      proofKind: 'press_card',
    })
    .returning();
  return { ...user, badgeId: accreditation.badgeId, accreditationId: accreditation.id };
}

export function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: unknown,
) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

export const event = (overrides: Partial<ProgrammeEventCreateInput> = {}): ProgrammeEventCreateInput => ({
  edition: editionId,
  exhibitor: null,
  type: 'press_conference',
  title: { en: 'Opening press conference', it: 'Conferenza stampa di apertura' },
  description: { en: 'The president opens the fair.' },
  starts_at: '2026-09-22T08:00:00Z',
  ends_at: '2026-09-22T09:00:00Z',
  hall: '5',
  room: 'Sala Verdi',
  languages: ['it', 'en'],
  capacity: 2,
  signup_required: true,
  ...overrides,
});

export async function created(overrides: Partial<ProgrammeEventCreateInput> = {}) {
  const response = await call('POST', apiPaths.programmeAdmin, as.pressOffice, event(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ProgrammeEvent;
}

export async function signUp(id: number, headers: Headers) {
  const response = await call('POST', apiPaths.programmeSignup(id), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProgrammeSignup;
}

export const mails = () => db().select().from(mailQueue).orderBy(asc(mailQueue.id));
export const clearMails = () => db().delete(mailQueue);

/**
 * The programme test files' app, on a database of its own, and the fair's data before each test. A file calls it
 * at its top: the api project shares this module between the files a worker runs (isolate: false), so each
 * file's hooks set its state again, from a clock at the week before the fair.
 */
export function useProgrammeTestApp() {
  beforeAll(async () => {
    clock = new TestClock(new Date('2026-09-15T09:00:00Z'));
    // Few codes naming no badge per member of the door's staff, so that a test reaches the limit.
    const rateLimits = {
      ...testConfig().rateLimits,
      doorUnknownBadgesPerUser: { max: 3, windowSeconds: 900 },
    };
    context = await createTestApp({ clock, config: { rateLimits } });
    fairId = context.app.sites.byName.get('Tile Fair')!.id;
  });

  afterAll(async () => {
    await context.close();
  });

  beforeEach(async () => {
    clock.set(new Date('2026-09-15T09:00:00Z'));
    await db().execute(
      sql`truncate companies, fair_editions, programme_events, programme_feed_tokens, interview_requests, accreditation_requests, mail_queue restart identity cascade`,
    );
    editionId = (await insertEdition(db(), { siteId: fairId, startsOn: '2026-09-22', endsOn: '2026-09-26' }))
      .id;
    companyId = (await insertCompany(db(), { name: 'Ceramiche Emilia' })).id;
    const otherCompany = (await insertCompany(db(), { name: 'Lastra Tiles' })).id;
    exhibitorId = (
      await insertExhibitor(db(), { editionId, companyId, stands: [{ hall: '5', stand: 'B12' }] })
    ).id;
    await insertExhibitor(db(), { editionId, companyId: otherCompany });
    const admin = await signedIn(['administrator_press_room_external_company'], {
      company: companyId,
      language: 'de',
    });
    adminEmail = admin.email;
    as = {
      admin: admin.headers,
      agent: (await signedIn(['agent_press_room_external_company'], { company: companyId })).headers,
      otherAdmin: (await signedIn(['administrator_press_room_external_company'], { company: otherCompany }))
        .headers,
      pressOffice: (await signedIn(['administrator_press_room'])).headers,
      staff: (await signedIn(['administrator_associated_companies'])).headers,
    };
  });
}
