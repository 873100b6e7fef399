import {
  apiPaths,
  type InterviewRequest,
  type InterviewRequestCreateInput,
  type Role,
} from '@pressroom/contract';
import { accreditationRequests, companyPressContacts, interviewRequests, mailQueue } from '@pressroom/db';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';

// The fair runs from 22 to 26 September 2026; the requests are made the week before.
export let clock: TestClock;
export let context: Awaited<ReturnType<typeof createTestApp>>;
export let fairId: number;
export let editionId: number;
export let exhibitorId: number;
export let companyId: number;
export let otherExhibitorId: number;
export let journalist: Awaited<ReturnType<typeof signedIn>>;
export let as: Record<'admin' | 'agent' | 'otherAdmin' | 'staff' | 'pressOffice', Record<string, string>>;

export const db = () => context.db;

export async function signedIn(
  roles: Role[],
  options: { company?: number | null; language?: 'en' | 'it' | 'de' } = {},
) {
  const user = await createUser(context.app, {
    roles,
    companyId: options.company ?? null,
    userType: options.company ? 'COMPANY' : 'USER',
    language: options.language ?? 'en',
    firstName: 'Giulia',
    lastName: 'Neri',
  });
  return {
    id: user.id,
    email: user.email,
    headers: authHeader(await tokenFor(context.app, user)) as Record<string, string>,
    /** Signs in again at the clock's time (a token dies with the clock moved on a day). */
    refresh: async (): Promise<Record<string, string>> => authHeader(await tokenFor(context.app, user)),
  };
}

export async function accredit(userId: number, edition = editionId, status = 'approved') {
  await db().insert(accreditationRequests).values({
    editionId: edition,
    userId,
    status,
    mediaType: 'print',
    outlet: 'Ceramica Oggi',
    role: 'editor',
    proofKind: 'link',
  });
}

export async function accreditedJournalist(language: 'en' | 'it' | 'de' = 'it') {
  const user = await signedIn(['user_press_room'], { language });
  await accredit(user.id);
  return user;
}

export function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

export const request = (
  overrides: Partial<InterviewRequestCreateInput> = {},
): InterviewRequestCreateInput => ({
  exhibitor: exhibitorId,
  topic: 'Lustreware at the fair',
  language: 'it',
  format: 'stand',
  preferred_times: ['2026-09-23T08:00:00Z', '2026-09-24T13:30:00Z'],
  message: 'Twenty minutes would do.',
  phone: '+39 051 123456',
  consent: true,
  ...overrides,
});

export async function ask(
  headers = journalist.headers,
  overrides: Partial<InterviewRequestCreateInput> = {},
) {
  const response = await call('POST', apiPaths.interviews, headers, request(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as InterviewRequest;
}

export const mails = () => db().select().from(mailQueue).orderBy(asc(mailQueue.id));
export const requestRows = () => db().select().from(interviewRequests).orderBy(asc(interviewRequests.id));

/**
 * The interview test files' app, and before each test the fair's edition, two exhibitors, one company's press
 * contacts, an accredited journalist and the callers. A file calls it at its top: the api project shares this
 * module between the files a worker runs (isolate: false), so each file's hooks set its state again, from a
 * clock at the week before the fair.
 */
export function useInterviewsTestApp() {
  beforeAll(async () => {
    clock = new TestClock(new Date('2026-09-15T09:00:00Z'));
    context = await createTestApp({ clock });
    fairId = context.app.sites.byName.get('Tile Fair')!.id;
  });

  afterAll(async () => {
    await context.close();
  });

  beforeEach(async () => {
    clock.set(new Date('2026-09-15T09:00:00Z'));
    await db().execute(
      sql`truncate companies, fair_editions, interview_requests, accreditation_requests, mail_queue restart identity cascade`,
    );
    editionId = (await insertEdition(db(), { siteId: fairId, startsOn: '2026-09-22', endsOn: '2026-09-26' }))
      .id;
    companyId = (await insertCompany(db(), { name: 'Ceramiche Emilia' })).id;
    const otherCompany = (await insertCompany(db(), { name: 'Lastra Tiles' })).id;
    exhibitorId = (
      await insertExhibitor(db(), { editionId, companyId, stands: [{ hall: '5', stand: 'B12' }] })
    ).id;
    otherExhibitorId = (await insertExhibitor(db(), { editionId, companyId: otherCompany })).id;
    await db()
      .insert(companyPressContacts)
      .values([
        {
          companyId,
          name: 'Marta Bianchi',
          email: 'marta@emilia.test',
          languages: ['it', 'en'],
          position: 0,
        },
        { companyId, name: 'John Reed', email: 'john@emilia.test', languages: ['de'], position: 1 },
        { companyId, name: 'No Mail', email: '', languages: [], position: 2 },
      ]);
    journalist = await accreditedJournalist();
    as = {
      admin: (await signedIn(['administrator_press_room_external_company'], { company: companyId })).headers,
      agent: (await signedIn(['agent_press_room_external_company'], { company: companyId })).headers,
      otherAdmin: (await signedIn(['administrator_press_room_external_company'], { company: otherCompany }))
        .headers,
      staff: (await signedIn(['administrator_associated_companies'])).headers,
      pressOffice: (await signedIn(['administrator_press_room'])).headers,
    };
  });
}
