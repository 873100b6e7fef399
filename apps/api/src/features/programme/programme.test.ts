import { createHash } from 'node:crypto';
import {
  apiPaths,
  type ProgrammeEvent,
  type ProgrammeEventCreateInput,
  type ProgrammeSignup,
  type Role,
} from '@pressroom/contract';
import {
  accreditationRequests,
  interviewRequests,
  mailQueue,
  programmeFeedTokens,
  programmeSignups,
} from '@pressroom/db';
import { asc, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { badgeToken } from '../../lib/badge-tokens.ts';
import { jobNames } from '../../plugins/jobs.ts';
import { createTestApp, TestClock, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';
import { sendReminders } from './reminders.ts';

// The fair runs from 22 to 26 September 2026 in Bologna (Europe/Rome); journalists sign up the week before.
const clock = new TestClock(new Date('2026-09-15T09:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let editionId: number;
let exhibitorId: number;
let companyId: number;
let as: Record<'admin' | 'agent' | 'otherAdmin' | 'pressOffice' | 'staff', Record<string, string>>;
let adminEmail: string;

const db = () => context.db;
type Headers = Record<string, string>;

async function signedIn(
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

async function journalist(language: 'en' | 'it' | 'de' | 'ar' = 'it', name = 'Giulia') {
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

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: unknown,
) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

const event = (overrides: Partial<ProgrammeEventCreateInput> = {}): ProgrammeEventCreateInput => ({
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

async function created(overrides: Partial<ProgrammeEventCreateInput> = {}) {
  const response = await call('POST', apiPaths.programmeAdmin, as.pressOffice, event(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ProgrammeEvent;
}

async function signUp(id: number, headers: Headers) {
  const response = await call('POST', apiPaths.programmeSignup(id), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProgrammeSignup;
}

const mails = () => db().select().from(mailQueue).orderBy(asc(mailQueue.id));
const clearMails = () => db().delete(mailQueue);

function parseFeed(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const entry = new ICAL.Event(component);
    return {
      uid: entry.uid,
      sequence: entry.sequence,
      status: component.getFirstPropertyValue('status'),
      summary: entry.summary,
      start: entry.startDate.toJSDate().toISOString(),
      end: entry.endDate.toJSDate().toISOString(),
      location: entry.location,
    };
  });
}

beforeAll(async () => {
  // Few codes naming no badge per member of the door's staff, so that a test reaches the limit.
  const rateLimits = { ...testConfig().rateLimits, doorUnknownBadgesPerUser: { max: 3, windowSeconds: 900 } };
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
  exhibitorId = (await insertExhibitor(db(), { editionId, companyId, stands: [{ hall: '5', stand: 'B12' }] }))
    .id;
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

describe('who creates, proposes and approves events', () => {
  it('publishes the press office’s event at once, within the fair’s days only', async () => {
    const opening = await created();
    expect(opening).toMatchObject({
      status: 'approved',
      edition: { id: editionId, time_zone: 'Europe/Rome' },
      organiser: { kind: 'fair', exhibitor: null },
      place: { hall: '5', room: 'Sala Verdi', stand: '' },
      capacity: 2,
      signed_up: 0,
      places_left: 2,
      sequence: 0,
    });
    const before = await call('POST', apiPaths.programmeAdmin, as.pressOffice, {
      ...event(),
      starts_at: '2026-09-21T20:00:00Z',
      ends_at: '2026-09-21T21:00:00Z',
    });
    expect([before.statusCode, before.json().starts_at]).toEqual([
      400,
      ['The event must fall within the fair, from 2026-09-22 to 2026-09-26.'],
    ]);
    // 23:30 in Rome on the 26th is still the fair's last day, though it is the 26th in UTC as well.
    const late = await call('POST', apiPaths.programmeAdmin, as.pressOffice, {
      ...event(),
      starts_at: '2026-09-26T21:00:00Z',
      ends_at: '2026-09-26T21:30:00Z',
    });
    expect(late.statusCode).toBe(201);
    const backwards = await call('POST', apiPaths.programmeAdmin, as.pressOffice, {
      ...event(),
      ends_at: '2026-09-22T07:00:00Z',
    });
    expect([backwards.statusCode, backwards.json().ends_at]).toEqual([
      400,
      ['The end must come after the start.'],
    ]);
    for (const headers of [as.admin, as.agent, as.staff]) {
      expect((await call('POST', apiPaths.programmeAdmin, headers, event())).statusCode).toBe(403);
    }
  });

  it('keeps a company’s proposal from the public until the press office approves it, mailing both ways', async () => {
    const proposal = await call('POST', apiPaths.programmeProposals, as.admin, {
      ...event({
        type: 'exhibitor_event',
        title: { en: 'Lustreware launch' },
        hall: '5',
        room: '',
        stand: 'B12',
      }),
      exhibitor: exhibitorId,
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const id = proposal.json().id;
    expect(proposal.json()).toMatchObject({
      status: 'proposed',
      organiser: {
        kind: 'exhibitor',
        exhibitor: { id: exhibitorId, company: companyId, name: 'Ceramiche Emilia' },
      },
    });
    expect((await mails()).map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [context.config.pressOfficeEmail, 'Programme proposal from Ceramiche Emilia: Lustreware launch'],
    ]);
    expect((await call('GET', apiPaths.programme)).json().data).toEqual([]);
    expect((await call('GET', apiPaths.programmeEvent(id))).statusCode).toBe(404);

    expect((await call('POST', apiPaths.programmeApprove(id), as.admin)).statusCode).toBe(403);
    const approved = await call('POST', apiPaths.programmeApprove(id), as.pressOffice);
    expect(approved.json().status).toBe('approved');
    expect((await mails()).map((mail) => [mail.toAddress, mail.subject]).at(-1)).toEqual([
      adminEmail,
      'Ihre Veranstaltung ist im Programm: Lustreware launch',
    ]);
    expect(
      (await call('GET', apiPaths.programme)).json().data.map((entry: ProgrammeEvent) => entry.id),
    ).toEqual([id]);
    expect((await call('POST', apiPaths.programmeApprove(id), as.pressOffice)).statusCode).toBe(409);
  });

  it('declines a proposal only with a reason, which the proposer reads', async () => {
    const id = (
      await call('POST', apiPaths.programmeProposals, as.admin, {
        ...event({ title: { it: 'Degustazione' } }),
        exhibitor: exhibitorId,
      })
    ).json().id;
    const withoutReason = await call('POST', apiPaths.programmeDecline(id), as.pressOffice, { reason: ' ' });
    expect([withoutReason.statusCode, withoutReason.json().reason]).toEqual([400, ['Field required']]);
    const declined = await call('POST', apiPaths.programmeDecline(id), as.pressOffice, {
      reason: 'The hall is booked.',
    });
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'The hall is booked.' });
    const last = (await mails()).at(-1)!;
    expect([last.toAddress, last.subject]).toEqual([
      adminEmail,
      'Ihre Veranstaltung wurde nicht freigegeben: Degustazione',
    ]);
    expect(last.textBody).toContain('Grund: The hall is booked.');
  });

  it('lets no agent and no other company propose for an exhibitor', async () => {
    const body = { ...event(), exhibitor: exhibitorId };
    expect((await call('POST', apiPaths.programmeProposals, as.agent, body)).statusCode).toBe(403);
    const other = await call('POST', apiPaths.programmeProposals, as.otherAdmin, body);
    expect([other.statusCode, other.json().exhibitor]).toEqual([400, ['Field not valid']]);
  });

  it('lets a PATCH change only what it names, and a company only its own proposals', async () => {
    const opening = await created();
    const renamed = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      title: { en: 'Opening' },
    });
    expect(renamed.json()).toMatchObject({ title: { en: 'Opening' }, capacity: 2, sequence: 0 });
    expect(renamed.json().place).toEqual({ hall: '5', room: 'Sala Verdi', stand: '' });
    expect(
      (await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.admin, { hall: '6' })).statusCode,
    ).toBe(404);
  });
});

describe('the public programme', () => {
  it('filters by day in the fair’s time zone, type, hall, organiser and language', async () => {
    const opening = await created();
    // 23:30 in Bologna on the 22nd is the 22nd at the fair, though already 21:30 UTC.
    const late = await created({
      type: 'talk',
      title: { en: 'Late talk' },
      starts_at: '2026-09-22T21:30:00Z',
      ends_at: '2026-09-22T21:50:00Z',
      hall: '7',
      room: 'Sala Bianca',
      languages: ['de'],
    });
    const launch = await created({
      exhibitor: exhibitorId,
      type: 'exhibitor_event',
      title: { en: 'Launch' },
      starts_at: '2026-09-23T08:00:00Z',
      ends_at: '2026-09-23T09:00:00Z',
      stand: 'B12',
      room: '',
    });
    const ids = async (query: string) =>
      (await call('GET', `${apiPaths.programme}?${query}`))
        .json()
        .data.map((entry: ProgrammeEvent) => entry.id);
    expect(await ids('day=2026-09-22')).toEqual([opening.id, late.id]);
    expect(await ids('day=2026-09-23')).toEqual([launch.id]);
    expect(await ids('type=talk')).toEqual([late.id]);
    expect(await ids('hall=7')).toEqual([late.id]);
    expect(await ids('organiser=exhibitor')).toEqual([launch.id]);
    expect(await ids('organiser=fair')).toEqual([opening.id, late.id]);
    expect(await ids(`exhibitor=${exhibitorId}`)).toEqual([launch.id]);
    expect(await ids('language=de')).toEqual([late.id]);
    const listed = (await call('GET', apiPaths.programme)).json();
    expect(listed.edition).toEqual({
      id: editionId,
      name: expect.any(String),
      starts_on: '2026-09-22',
      ends_on: '2026-09-26',
      time_zone: 'Europe/Rome',
    });
    const wrongDay = await call('GET', `${apiPaths.programme}?day=22-09-2026`);
    expect([wrongDay.statusCode, wrongDay.json().day]).toEqual([400, ['Field not valid']]);
    const otherSite = await call('GET', apiPaths.programmeEvent(opening.id), {
      host: 'association.localhost',
    });
    expect(otherSite.statusCode).toBe(404);
  });
});

describe('a company’s own events', () => {
  it('lets its administrator change a proposal until approved, then cancel the event, never another company’s', async () => {
    const id = (
      await call('POST', apiPaths.programmeProposals, as.admin, {
        ...event({ capacity: 5 }),
        exhibitor: exhibitorId,
      })
    ).json().id;
    const changed = await call('PATCH', apiPaths.programmeAdminEvent(id), as.admin, { capacity: 8 });
    expect([changed.statusCode, changed.json().capacity]).toEqual([200, 8]);
    expect(
      (await call('PATCH', apiPaths.programmeAdminEvent(id), as.otherAdmin, { capacity: 9 })).statusCode,
    ).toBe(404);
    const listed = (await call('GET', apiPaths.programmeAdmin, as.admin)).json().data;
    expect(listed.map((entry: ProgrammeEvent) => [entry.id, entry.status])).toEqual([[id, 'proposed']]);
    expect((await call('GET', apiPaths.programmeAdmin, as.otherAdmin)).json().data).toEqual([]);
    await call('POST', apiPaths.programmeApprove(id), as.pressOffice);
    const late = await call('PATCH', apiPaths.programmeAdminEvent(id), as.admin, { capacity: 9 });
    expect([late.statusCode, late.json().detail]).toEqual([
      409,
      'This event is cancelled or declined and can no longer be changed.',
    ]);
    const cancelled = await call('POST', apiPaths.programmeCancel(id), as.admin, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sequence: 1 });
  });

  it('never lowers the capacity below the places taken', async () => {
    const opening = await created({ capacity: 3 });
    for (const person of [await journalist(), await journalist()]) await signUp(opening.id, person.headers);
    const lower = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      capacity: 1,
    });
    expect([lower.statusCode, lower.json().capacity]).toEqual([
      400,
      ['The capacity cannot be lower than the 2 people already signed up.'],
    ]);
    expect((await call('GET', apiPaths.programmeEvent(opening.id))).json().capacity).toBe(3);
  });
});

describe('signing up', () => {
  it('gives the places in order, then the waiting list, and refuses a journalist not accredited', async () => {
    const opening = await created();
    const [anna, bruno, carla] = [await journalist(), await journalist('en'), await journalist('de')];
    expect(await signUp(opening.id, anna.headers)).toEqual({
      event: opening.id,
      status: 'signed_up',
      position: null,
      clashes: [],
    });
    expect((await signUp(opening.id, bruno.headers)).status).toBe('signed_up');
    expect(await signUp(opening.id, carla.headers)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await signUp(opening.id, carla.headers)).toMatchObject({ status: 'waiting', position: 1 });

    const stranger = await signedIn(['user_press_room']);
    const refused = await call('POST', apiPaths.programmeSignup(opening.id), stranger.headers);
    expect([refused.statusCode, refused.json().detail]).toEqual([
      403,
      'Only journalists accredited for this edition can sign up for its events.',
    ]);
    const shown = (await call('GET', apiPaths.programmeEvent(opening.id), carla.headers)).json();
    expect(shown).toMatchObject({
      signed_up: 2,
      waiting: 1,
      places_left: 0,
      my_signup: { status: 'waiting', position: 1 },
    });
  });

  it('promotes the first waiting when a place comes free, and mails them in their language', async () => {
    const opening = await created({ capacity: 1 });
    const [anna, bruno, carla] = [await journalist(), await journalist('de'), await journalist('en')];
    await signUp(opening.id, anna.headers);
    clock.advance(60);
    await signUp(opening.id, bruno.headers);
    clock.advance(60);
    expect((await signUp(opening.id, carla.headers)).position).toBe(2);
    await clearMails();

    const cancelled = await call('DELETE', apiPaths.programmeSignup(opening.id), anna.headers);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', position: null });
    const rows = await db().select().from(programmeSignups).orderBy(asc(programmeSignups.id));
    expect(rows.map((row) => [row.userId, row.status])).toEqual([
      [anna.id, 'cancelled'],
      [bruno.id, 'signed_up'],
      [carla.id, 'waiting'],
    ]);
    expect((await mails()).map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [bruno.email, 'Ein Platz für Sie: Opening press conference'],
    ]);
    expect((await call('GET', apiPaths.programmeEvent(opening.id), carla.headers)).json().my_signup).toEqual({
      status: 'waiting',
      position: 1,
    });
    // Signing up again after cancelling joins the end of the queue.
    expect(await signUp(opening.id, anna.headers)).toMatchObject({ status: 'waiting', position: 2 });
    const again = await call('DELETE', apiPaths.programmeSignup(opening.id), (await journalist()).headers);
    expect([again.statusCode, again.json().detail]).toEqual([409, 'You are not signed up for this event.']);
  });

  it('gives each journalist waiting one place on the list: in the answer, on the event, in My programme and at the door', async () => {
    const opening = await created({ capacity: 1 });
    const names = ['Anna', 'Bruno', 'Carla', 'Dario'];
    const [anna, bruno, carla, dario] = await Promise.all(names.map((name) => journalist('en', name)));
    await signUp(opening.id, anna.headers);
    const answers = [];
    for (const person of [bruno, carla, dario]) {
      clock.advance(60);
      answers.push((await signUp(opening.id, person.headers)).position);
    }
    expect(answers).toEqual([1, 2, 3]);
    const places = async (waiting: { headers: Headers }[]) => ({
      event: await Promise.all(
        waiting.map(
          async (person) =>
            (await call('GET', apiPaths.programmeEvent(opening.id), person.headers)).json().my_signup
              .position,
        ),
      ),
      mine: await Promise.all(
        waiting.map(
          async (person) =>
            (await call('GET', apiPaths.myProgramme, person.headers)).json().data[0].signup.position,
        ),
      ),
      door: (await call('GET', apiPaths.programmeAttendance(opening.id), as.pressOffice))
        .json()
        .attendees.filter((row: { status: string }) => row.status === 'waiting')
        .map((row: { name: string; position: number }) => [row.name, row.position]),
    });
    expect(await places([bruno, carla, dario])).toEqual({
      event: [1, 2, 3],
      mine: [1, 2, 3],
      door: [
        ['Bruno Neri', 1],
        ['Carla Neri', 2],
        ['Dario Neri', 3],
      ],
    });
    // The first waiting leaves: everyone behind moves up by one, everywhere.
    await call('DELETE', apiPaths.programmeSignup(opening.id), bruno.headers);
    expect(await places([carla, dario])).toEqual({
      event: [1, 2],
      mine: [1, 2],
      door: [
        ['Carla Neri', 1],
        ['Dario Neri', 2],
      ],
    });
  });

  it('lets any press-room user sign up where the edition asks no proof, and nobody once the event began', async () => {
    await db().execute(sql`update fair_editions set proof_required = false where id = ${editionId}`);
    const opening = await created();
    const reader = await signedIn(['user_press_room']);
    expect((await signUp(opening.id, reader.headers)).status).toBe('signed_up');
    clock.set(new Date('2026-09-22T08:00:00Z'));
    const late = await signedIn(['user_press_room']);
    const refused = await call('POST', apiPaths.programmeSignup(opening.id), late.headers);
    expect([refused.statusCode, refused.json().detail]).toEqual([409, 'This event has already started.']);
  });

  it('fills exactly the capacity under fifty sign-ups at once', async () => {
    const opening = await created({ capacity: 10 });
    const people = await Promise.all(Array.from({ length: 50 }, (_, index) => journalist('en', `J${index}`)));
    const answers = await Promise.all(
      people.map((person) => call('POST', apiPaths.programmeSignup(opening.id), person.headers)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const statuses = answers.map((answer) => answer.json().status);
    expect([
      statuses.filter((s) => s === 'signed_up').length,
      statuses.filter((s) => s === 'waiting').length,
    ]).toEqual([10, 40]);
    const positions = answers
      .map((answer) => answer.json().position)
      .filter((position) => position !== null)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const stored = await db()
      .select({ status: programmeSignups.status, total: sql<number>`count(*)::int` })
      .from(programmeSignups)
      .groupBy(programmeSignups.status)
      .orderBy(programmeSignups.status);
    expect(stored).toEqual([
      { status: 'signed_up', total: 10 },
      { status: 'waiting', total: 40 },
    ]);
    expect((await call('GET', apiPaths.programmeEvent(opening.id))).json()).toMatchObject({
      signed_up: 10,
      waiting: 40,
      places_left: 0,
    });
  });

  it('reports the journalist’s other events and accepted interviews at the same time', async () => {
    const anna = await journalist();
    const opening = await created({ capacity: null });
    const overlapping = await created({
      title: { en: 'Design talk' },
      starts_at: '2026-09-22T08:30:00Z',
      ends_at: '2026-09-22T09:30:00Z',
      capacity: null,
    });
    await signUp(opening.id, anna.headers);
    const [interview] = await db()
      .insert(interviewRequests)
      .values({
        exhibitorId,
        journalistId: anna.id,
        status: 'accepted',
        topic: 'Glazes',
        language: 'it',
        format: 'stand',
        preferredTimes: [],
        journalistName: 'Giulia Neri',
        outlet: 'Ceramica Oggi',
        email: anna.email,
        consentAt: new Date('2026-09-10T09:00:00Z'),
        consentNoticeVersion: '1',
        consentLanguage: 'it',
        scheduledAt: new Date('2026-09-22T09:15:00Z'),
        place: 'Stand B12',
      })
      .returning();
    const answer = await signUp(overlapping.id, { ...anna.headers, 'accept-language': 'it' });
    expect(answer.clashes).toEqual([
      {
        kind: 'event',
        id: opening.id,
        title: 'Conferenza stampa di apertura',
        starts_at: '2026-09-22T08:00:00.000Z',
        ends_at: '2026-09-22T09:00:00.000Z',
      },
      {
        kind: 'interview',
        id: interview.id,
        title: 'Ceramiche Emilia: Glazes',
        starts_at: '2026-09-22T09:15:00.000Z',
        ends_at: '2026-09-22T09:45:00.000Z',
      },
    ]);
    const mine = (await call('GET', apiPaths.myProgramme, anna.headers)).json().data;
    expect(
      mine.map((row: { event: { id: number }; clashes: unknown[] }) => [row.event.id, row.clashes.length]),
    ).toEqual([
      [opening.id, 1],
      [overlapping.id, 2],
    ]);
  });
  it('names what would clash before signing up, each event in the language the journalist reads', async () => {
    // Giulia's account writes German; she reads the site in Arabic.
    const giulia = await journalist('de');
    const opening = await created({
      title: { en: 'Opening press conference', ar: 'المؤتمر الصحفي الافتتاحي', it: 'Conferenza stampa' },
      capacity: null,
    });
    const talk = await created({
      title: { en: 'Design talk' },
      starts_at: '2026-09-22T08:30:00Z',
      ends_at: '2026-09-22T09:30:00Z',
    });
    const later = await created({ starts_at: '2026-09-23T08:00:00Z', ends_at: '2026-09-23T09:00:00Z' });
    await signUp(opening.id, giulia.headers);
    const clashes = (id: number, language: string, headers: Headers = giulia.headers) =>
      call('GET', apiPaths.programmeClashes(id), { ...headers, 'accept-language': language });

    const before = await clashes(talk.id, 'ar');
    expect([before.statusCode, before.json()]).toEqual([
      200,
      {
        data: [
          {
            kind: 'event',
            id: opening.id,
            title: 'المؤتمر الصحفي الافتتاحي',
            starts_at: '2026-09-22T08:00:00.000Z',
            ends_at: '2026-09-22T09:00:00.000Z',
          },
        ],
      },
    ]);
    // A language the event is not written in: its English title.
    expect((await clashes(talk.id, 'fr')).json().data.map((clash: { title: string }) => clash.title)).toEqual(
      ['Opening press conference'],
    );
    expect((await clashes(later.id, 'ar')).json()).toEqual({ data: [] });
    // Signed up, the answer names them in the same language.
    const answer = await signUp(talk.id, { ...giulia.headers, 'accept-language': 'ar' });
    expect(answer.clashes.map((clash) => clash.title)).toEqual(['المؤتمر الصحفي الافتتاحي']);
    expect((await clashes(talk.id, 'ar', {})).statusCode).toBe(401);
    expect((await clashes(talk.id + 100, 'ar')).statusCode).toBe(404);
  });
});

describe('changes and cancellations', () => {
  it('mails a change of time to everyone signed up or waiting, in their language, and raises SEQUENCE', async () => {
    const opening = await created({ capacity: 1 });
    const [anna, bruno] = [await journalist('it'), await journalist('de')];
    await signUp(opening.id, anna.headers);
    await signUp(opening.id, bruno.headers);
    await clearMails();
    const moved = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      starts_at: '2026-09-22T10:00:00Z',
      ends_at: '2026-09-22T11:00:00Z',
    });
    expect(moved.json().sequence).toBe(1);
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [anna.email, 'Modificato: Conferenza stampa di apertura'],
      [bruno.email, 'Geändert: Opening press conference'],
    ]);
    // 10:00 UTC is noon in Bologna: the mail says the fair's time.
    expect(sent[0].textBody).toContain('12:00');
    await clearMails();
    await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      description: { en: 'New text' },
    });
    expect([
      (await mails()).length,
      (await call('GET', apiPaths.programmeEvent(opening.id))).json().sequence,
    ]).toEqual([0, 1]);
    const below = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      capacity: null,
    });
    expect(below.statusCode).toBe(200);
    expect(
      (await call('GET', apiPaths.programmeEvent(opening.id), bruno.headers)).json().my_signup.status,
    ).toBe('signed_up');
  });

  it('shows a cancelled event as cancelled, mails its people and withdraws it from calendars', async () => {
    const opening = await created();
    const anna = await journalist('it');
    await signUp(opening.id, anna.headers);
    await clearMails();
    const cancelled = await call('POST', apiPaths.programmeCancel(opening.id), as.pressOffice, {
      reason: 'Strike',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sequence: 1, cancel_reason: 'Strike' });
    expect((await mails()).map((mail) => mail.subject)).toEqual(['Annullato: Conferenza stampa di apertura']);
    expect((await call('GET', apiPaths.programme)).json().data[0].status).toBe('cancelled');
    const file = await call('GET', apiPaths.programmeEventCalendar(opening.id));
    expect(parseFeed(file.body)).toMatchObject([{ status: 'CANCELLED', sequence: 1 }]);
    const refused = await call('POST', apiPaths.programmeSignup(opening.id), (await journalist()).headers);
    expect([refused.statusCode, refused.json().detail]).toEqual([409, 'This event is not open for sign-up.']);
  });
  it('keeps an ended fair’s events as they were: no change, no cancellation, in the user’s language', async () => {
    const closing = await created({ starts_at: '2026-09-26T15:00:00Z', ends_at: '2026-09-26T16:00:00Z' });
    const { edition: _edition, ...fields } = event({
      starts_at: '2026-09-26T09:00:00Z',
      ends_at: '2026-09-26T10:00:00Z',
    });
    const proposal = await call('POST', apiPaths.programmeProposals, as.admin, {
      ...fields,
      exhibitor: exhibitorId,
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    // Signed in at the clock's time: a token made before the clock moved would have expired.
    const officeNow = async () => (await signedIn(['administrator_press_room'])).headers;
    // 23:30 in Bologna on the last day: the fair is still on, whatever UTC's date says.
    clock.set(new Date('2026-09-26T21:30:00Z'));
    const lastMinute = await call('PATCH', apiPaths.programmeAdminEvent(closing.id), await officeNow(), {
      room: 'Sala Rossini',
    });
    expect(lastMinute.statusCode, lastMinute.body).toBe(200);
    // 00:30 in Bologna the day after: the programme is a record now.
    clock.set(new Date('2026-09-26T22:30:00Z'));
    const office = await officeNow();
    const company = (
      await signedIn(['administrator_press_room_external_company'], { company: companyId, language: 'de' })
    ).headers;
    await clearMails();
    const answers = [
      await call('PATCH', apiPaths.programmeAdminEvent(closing.id), office, { room: 'Sala Verdi' }),
      await call('POST', apiPaths.programmeCancel(closing.id), { ...office, 'accept-language': 'de' }, {}),
      await call('PATCH', apiPaths.programmeAdminEvent(proposal.json().id), company, { hall: '6' }),
      await call('POST', apiPaths.programmeCancel(proposal.json().id), company, {}),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().detail])).toEqual([
      [409, 'This fair has ended: its events can no longer be changed or cancelled.'],
      [409, 'Diese Messe ist vorbei: Ihre Veranstaltungen können nicht mehr geändert oder abgesagt werden.'],
      [409, 'This fair has ended: its events can no longer be changed or cancelled.'],
      [409, 'This fair has ended: its events can no longer be changed or cancelled.'],
    ]);
    const after = await call('GET', apiPaths.programmeAdminEvent(closing.id), office);
    expect(after.json()).toMatchObject({ status: 'approved', place: { room: 'Sala Rossini' }, sequence: 1 });
    expect(
      (await call('GET', apiPaths.programmeAdminEvent(proposal.json().id), office)).json(),
    ).toMatchObject({ status: 'proposed', place: { hall: '5' } });
    expect(await mails()).toEqual([]);
  });
});

describe('calendars', () => {
  it('publishes approved events in the site feed per language, never a proposal, in UTC with stable UIDs', async () => {
    const opening = await created({
      title: {
        en: 'Opening, with "quotes"; and a very long title that goes on and on beyond seventy-five octets',
      },
    });
    await call('POST', apiPaths.programmeProposals, as.admin, {
      ...event({ title: { en: 'Secret launch' } }),
      exhibitor: exhibitorId,
    });
    const feed = await call('GET', `${apiPaths.programmeFeed}?language=it`);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const entries = parseFeed(feed.body);
    expect(entries).toEqual([
      {
        uid: expect.stringMatching(new RegExp(`^programme-${opening.id}@`)),
        sequence: 0,
        status: 'CONFIRMED',
        summary:
          'Opening, with "quotes"; and a very long title that goes on and on beyond seventy-five octets',
        start: '2026-09-22T08:00:00.000Z',
        end: '2026-09-22T09:00:00.000Z',
        location: 'Padiglione 5, sala Sala Verdi',
      },
    ]);
    expect(feed.body).toContain('\\;');
    expect(feed.body).not.toContain('Secret launch');
  });

  it('keeps the site feed until the programme changes: a changed title and a cancellation show at once', async () => {
    const opening = await created({ title: { en: 'Opening press conference' } });
    const first = await call('GET', `${apiPaths.programmeFeed}?language=en`);
    clock.advance(60);
    // Kept: the same file, stamped when it was written.
    expect((await call('GET', `${apiPaths.programmeFeed}?language=en`)).body).toBe(first.body);
    const renamed = await call('PATCH', apiPaths.programmeAdminEvent(opening.id), as.pressOffice, {
      title: { en: 'Opening talk' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(parseFeed((await call('GET', `${apiPaths.programmeFeed}?language=en`)).body)).toEqual([
      expect.objectContaining({ summary: 'Opening talk', sequence: 0, status: 'CONFIRMED' }),
    ]);
    const cancelled = await call('POST', apiPaths.programmeCancel(opening.id), as.pressOffice, {
      reason: '',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(parseFeed((await call('GET', `${apiPaths.programmeFeed}?language=en`)).body)).toEqual([
      expect.objectContaining({ summary: 'Opening talk', status: 'CANCELLED' }),
    ]);
  });

  it('lists an event the journalist waits for as tentative in the personal feed, confirmed once a place is theirs', async () => {
    const opening = await created({ capacity: 1 });
    const [anna, bruno] = [await journalist('en', 'Anna'), await journalist('en', 'Bruno')];
    await signUp(opening.id, anna.headers);
    await signUp(opening.id, bruno.headers);
    const made = (await call('POST', apiPaths.programmeFeedToken, bruno.headers)).json().feed;
    const statuses = async () =>
      parseFeed((await call('GET', new URL(made.url).pathname)).body).map((entry) => [
        entry.summary,
        entry.status,
      ]);
    expect(await statuses()).toEqual([['Opening press conference', 'TENTATIVE']]);
    await call('DELETE', apiPaths.programmeSignup(opening.id), anna.headers);
    expect(await statuses()).toEqual([['Opening press conference', 'CONFIRMED']]);
  });

  it('serves the personal feed at a secret address until it is rotated or revoked', async () => {
    const anna = await journalist('en');
    const opening = await created();
    await signUp(opening.id, anna.headers);
    await db()
      .insert(interviewRequests)
      .values({
        exhibitorId,
        journalistId: anna.id,
        status: 'accepted',
        topic: 'Glazes',
        language: 'en',
        format: 'stand',
        preferredTimes: [],
        journalistName: 'Giulia Neri',
        outlet: 'Ceramica Oggi',
        email: anna.email,
        consentAt: new Date('2026-09-10T09:00:00Z'),
        consentNoticeVersion: '1',
        consentLanguage: 'en',
        scheduledAt: new Date('2026-09-23T09:15:00Z'),
        place: 'Stand B12',
      });
    expect((await call('GET', apiPaths.programmeFeedToken, anna.headers)).json()).toEqual({ feed: null });
    const made = (await call('POST', apiPaths.programmeFeedToken, anna.headers)).json().feed;
    expect(made.webcal_url).toMatch(/^webcal:\/\/.+\/api\/programme\/feeds\/[\w-]+\.ics$/);
    const path = new URL(made.url).pathname;
    const feed = await call('GET', path);
    expect(parseFeed(feed.body).map((entry) => entry.summary)).toEqual([
      'Opening press conference',
      'Interview with Ceramiche Emilia',
    ]);
    expect((await call('GET', apiPaths.programmeFeedToken, anna.headers)).json().feed).toMatchObject({
      url: null,
    });
    const token = path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const [stored] = await db().select().from(programmeFeedTokens);
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const rotated = (await call('POST', apiPaths.programmeFeedToken, anna.headers)).json().feed;
    expect((await call('GET', path)).statusCode).toBe(404);
    const newPath = new URL(rotated.url).pathname;
    expect((await call('GET', newPath)).statusCode).toBe(200);
    expect((await call('DELETE', apiPaths.programmeFeedToken, anna.headers)).statusCode).toBe(204);
    expect((await call('GET', newPath)).statusCode).toBe(404);
  });
});

describe('at the door', () => {
  /** The door's staff, signed in at the time the clock reads (a session lasts half an hour). */
  const doorStaff = async () => (await signedIn(['administrator_press_room'])).headers;

  it('checks in by the badge’s QR code or by name, and says at once what it found', async () => {
    const opening = await created();
    const [anna, bruno] = [await journalist('en', 'Anna'), await journalist('en', 'Bruno')];
    await signUp(opening.id, anna.headers);
    // At the door on the morning of the event, at a quarter to ten in Rome.
    clock.set(new Date('2026-09-22T07:45:00Z'));
    const office = await doorStaff();
    const scanned = `https://fair.test/badges/${badgeToken(context.config.secretKey, anna.badgeId)}`;
    const first = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: scanned,
    });
    expect(first.json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
      already_checked_in: false,
      attendee: {
        user: anna.id,
        name: 'Anna Neri',
        outlet: 'Ceramica Oggi',
        checked_in_at: '2026-09-22T07:45:00.000Z',
      },
    });
    const again = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: anna.badgeId,
    });
    expect(again.json()).toMatchObject({ badge_valid: true, signed_up: true, already_checked_in: true });
    const notSignedUp = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: bruno.badgeId,
    });
    expect(notSignedUp.json()).toEqual({
      badge_valid: true,
      signed_up: false,
      already_checked_in: false,
      attendee: null,
    });
    const forged = await call('POST', apiPaths.programmeCheckIn(opening.id), office, {
      badge: 'abc.def',
    });
    expect(forged.json()).toEqual({
      badge_valid: false,
      signed_up: false,
      already_checked_in: false,
      attendee: null,
    });
    expect(
      (
        await call(
          'POST',
          apiPaths.programmeCheckIn(opening.id),
          (
            await signedIn(['administrator_press_room_external_company'], { company: companyId })
          ).headers,
          { badge: anna.badgeId },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('checks in by the short code printed under the QR, however the door types it, within the edition only', async () => {
    const opening = await created();
    const [anna, bruno] = [await journalist('en', 'Anna'), await journalist('en', 'Bruno')];
    await signUp(opening.id, anna.headers);
    await db()
      .update(accreditationRequests)
      .set({ badgeCode: '01RX7QM3' })
      .where(eq(accreditationRequests.id, anna.accreditationId));
    // The same code may stand in another edition; within one it is refused.
    const next = await insertEdition(db(), { siteId: fairId, startsOn: '2027-09-21', endsOn: '2027-09-25' });
    const other = {
      userId: bruno.id,
      mediaType: 'print',
      outlet: 'Casa',
      role: 'editor',
      proofKind: 'press_card',
    };
    await db()
      .insert(accreditationRequests)
      .values({ ...other, editionId: next.id, status: 'approved', badgeCode: 'ZZZZ9999' });
    await db()
      .update(accreditationRequests)
      .set({ badgeCode: '01RX7QM3' })
      .where(eq(accreditationRequests.editionId, next.id));
    await expect(
      db()
        .update(accreditationRequests)
        .set({ badgeCode: '01RX7QM3' })
        .where(eq(accreditationRequests.id, bruno.accreditationId)),
    ).rejects.toThrow();
    clock.set(new Date('2026-09-22T07:45:00Z'));
    const office = await doorStaff();
    const door = (badge: string) => call('POST', apiPaths.programmeCheckIn(opening.id), office, { badge });

    expect((await door('01RX-7QM3')).json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
      already_checked_in: false,
      attendee: { user: anna.id, name: 'Anna Neri', checked_in_at: '2026-09-22T07:45:00.000Z' },
    });
    // Lower case, a space for the hyphen, O for 0 and I for 1: Crockford's reading.
    expect((await door(' oI rx 7qm3 ')).json()).toMatchObject({
      badge_valid: true,
      already_checked_in: true,
    });
    const nobody = { badge_valid: false, signed_up: false, already_checked_in: false, attendee: null };
    expect((await door('ZZZZ-9999')).json()).toEqual(nobody);
  });

  it('refuses a run of codes naming no badge from one member of the door, never a colleague', async () => {
    const opening = await created();
    const anna = await journalist('en', 'Anna');
    await signUp(opening.id, anna.headers);
    clock.set(new Date('2026-09-22T07:45:00Z'));
    const [guesser, colleague] = [await doorStaff(), await doorStaff()];
    const door = (headers: Headers, badge: string) =>
      call('POST', apiPaths.programmeCheckIn(opening.id), headers, { badge });
    for (const guess of ['AAAA-AAAA', 'AAAA-AAAB', 'AAAA-AAAC']) {
      expect((await door(guesser, guess)).json().badge_valid).toBe(false);
    }
    const refused = await door(guesser, anna.badgeId);
    expect([refused.statusCode, refused.headers['retry-after'], refused.json().detail]).toEqual([
      429,
      '900',
      'Request was throttled. Expected available in 900 seconds.',
    ]);
    expect((await door(colleague, anna.badgeId)).json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
    });
    clock.advance(900);
    expect((await door(await doorStaff(), anna.badgeId)).json()).toMatchObject({ already_checked_in: true });
  });

  it('refuses to record a check-in outside the event’s day at the fair’s time, naming the day', async () => {
    const opening = await created();
    const anna = await journalist('en', 'Anna');
    await signUp(opening.id, anna.headers);
    const door = async (body: Record<string, unknown>, language = 'en') =>
      call(
        'POST',
        apiPaths.programmeCheckIn(opening.id),
        { ...(await doorStaff()), 'accept-language': language },
        body,
      );
    const attended = async () =>
      (await call('GET', apiPaths.programmeAttendance(opening.id), await doorStaff())).json().attended;

    // A week before: refused, by badge or by name, in the reader's language; nothing is recorded.
    const early = await door({ badge: anna.badgeId });
    expect([early.statusCode, early.json()]).toEqual([
      409,
      {
        detail:
          "This event takes place on Tuesday, September 22, 2026, at the fair's time: badges are checked in on the event's day. Confirm to check this one in anyway.",
        code: 'not_event_day',
      },
    ]);
    expect((await door({ user: anna.id }, 'it')).json().detail).toBe(
      "Questo evento si svolge martedì 22 settembre 2026, ora della fiera: i badge si registrano il giorno dell'evento. Conferma per registrare comunque questo.",
    );
    expect(await attended()).toBe(0);
    // What a badge is worth is answered on any day: only a check-in to record waits for the event's day.
    expect((await door({ badge: 'ZZZZ-ZZZZ' })).json()).toMatchObject({ badge_valid: false });
    // Half past midnight in Rome is the event's day, though UTC still says the day before; the next night is not.
    clock.set(new Date('2026-09-22T22:30:00Z'));
    expect((await door({ badge: anna.badgeId })).statusCode).toBe(409);
    clock.set(new Date('2026-09-21T22:30:00Z'));
    expect((await door({ badge: anna.badgeId })).json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
    });
    expect(await attended()).toBe(1);
    // Scanned again the next night, the badge is said to be in already: nothing is recorded, nothing asked.
    clock.set(new Date('2026-09-22T22:30:00Z'));
    expect((await door({ badge: anna.badgeId })).json()).toMatchObject({ already_checked_in: true });
  });

  it('records a check-in outside the event’s day when the door confirms it', async () => {
    const opening = await created();
    const anna = await journalist('en', 'Anna');
    await signUp(opening.id, anna.headers);
    const confirmed = await call('POST', apiPaths.programmeCheckIn(opening.id), as.pressOffice, {
      user: anna.id,
      outside_day_confirmed: true,
    });
    expect(confirmed.json()).toMatchObject({
      badge_valid: true,
      signed_up: true,
      attendee: { user: anna.id, checked_in_at: '2026-09-15T09:00:00.000Z' },
    });
  });

  it('lets the organising exhibitor tick names, counts no-shows once the event is over and exports the CSV', async () => {
    const launch = await created({ exhibitor: exhibitorId, capacity: 2 });
    const names = ['Anna', 'Bruno', 'Carla', 'Dario'];
    const [anna, bruno, carla, dario] = await Promise.all(names.map((name) => journalist('en', name)));
    for (const person of [anna, bruno, carla]) await signUp(launch.id, person.headers);
    // The exhibitor's administrator at the door, ten minutes before the launch.
    clock.set(new Date('2026-09-22T07:50:00Z'));
    const admin = (await signedIn(['administrator_press_room_external_company'], { company: companyId }))
      .headers;
    const ticked = await call('POST', apiPaths.programmeCheckIn(launch.id), admin, { user: anna.id });
    expect(ticked.json()).toMatchObject({ badge_valid: true, signed_up: true, already_checked_in: false });
    const waiting = await call('POST', apiPaths.programmeCheckIn(launch.id), admin, { user: carla.id });
    expect(waiting.json()).toMatchObject({ signed_up: false, attendee: { status: 'waiting', position: 1 } });
    const unknown = await call('POST', apiPaths.programmeCheckIn(launch.id), admin, { user: dario.id });
    expect([unknown.statusCode, unknown.json().user]).toEqual([
      400,
      ['You are not signed up for this event.'],
    ]);
    const before = (await call('GET', apiPaths.programmeAttendance(launch.id), admin)).json();
    expect([before.signed_up, before.waiting, before.attended, before.no_shows]).toEqual([2, 1, 1, 0]);

    clock.set(new Date('2026-09-22T10:00:00Z'));
    const door = (await signedIn(['administrator_press_room_external_company'], { company: companyId }))
      .headers;
    const list = (await call('GET', apiPaths.programmeAttendance(launch.id), door)).json();
    expect([list.signed_up, list.waiting, list.attended, list.no_shows]).toEqual([2, 1, 1, 1]);
    expect(list.attendees.map((row: { name: string; status: string }) => [row.name, row.status])).toEqual([
      ['Anna Neri', 'signed_up'],
      ['Bruno Neri', 'signed_up'],
      ['Carla Neri', 'waiting'],
    ]);
    const csv = await call('GET', apiPaths.programmeAttendanceCsv(launch.id), door);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFName,Outlet,E-mail,Status,Checked in',
      `Anna Neri,Ceramica Oggi,${anna.email},Signed up,2026-09-22T07:50:00.000Z`,
      `Bruno Neri,Ceramica Oggi,${bruno.email},No-show,`,
      `Carla Neri,Ceramica Oggi,${carla.email},Waiting list,`,
      '',
    ]);
    const pdf = await call('GET', apiPaths.programmeAttendancePdf(launch.id), door);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    const otherCompany = (
      await signedIn(['administrator_press_room_external_company'], { company: companyId + 1 })
    ).headers;
    expect((await call('GET', apiPaths.programmeAttendance(launch.id), otherCompany)).statusCode).toBe(404);

    const figures = (await call('GET', `${apiPaths.programmeFigures}?edition=${editionId}`, door)).json();
    expect(figures.data).toEqual([
      {
        event: launch.id,
        title: launch.title,
        starts_at: launch.starts_at,
        capacity: 2,
        signed_up: 2,
        waiting: 1,
        attended: 1,
        no_shows: 1,
      },
    ]);
  });
});

describe('reminders', () => {
  it('mails each journalist signed up once before the event, in their language, with the place', async () => {
    const opening = await created();
    const [anna, bruno, carla] = [await journalist('it'), await journalist('ar'), await journalist('en')];
    await signUp(opening.id, anna.headers);
    await signUp(opening.id, bruno.headers);
    await signUp(opening.id, carla.headers);
    await clearMails();

    clock.set(new Date('2026-09-22T05:30:00Z'));
    expect(await sendReminders(context.app, 120)).toBe(0);
    clock.set(new Date('2026-09-22T06:05:00Z'));
    const [first, second] = await Promise.all([
      sendReminders(context.app, 120),
      sendReminders(context.app, 120),
    ]);
    expect(first + second).toBe(2);
    expect(await sendReminders(context.app, 120)).toBe(0);
    const sent = await mails();
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([anna.email, bruno.email].sort());
    const italian = sent.find((mail) => mail.toAddress === anna.email)!;
    expect(italian.subject).toContain('Promemoria: Conferenza stampa di apertura');
    expect(italian.textBody).toContain('Padiglione 5, sala Sala Verdi');
    expect(italian.textBody).toContain(`/#/programme/${opening.id}`);
    const rows = await db().select().from(programmeSignups).where(eq(programmeSignups.userId, carla.id));
    expect(rows[0].remindedAt).toBeNull();
  });
});

describe('the reminders job', () => {
  it('is scheduled every five minutes through app.jobs and runs on whichever server takes it', async () => {
    const never = '0 0 1 1 *';
    const harness = await createTestApp({
      config: {
        mailPollInterval: 0,
        jobsEnabled: true,
        alertRunsCron: never,
        retentionPurgeCron: never,
        rateLimitPurgeCron: never,
      },
    });
    try {
      const schedules = await harness.app.database.query(
        'SELECT name, cron FROM pgboss.schedule WHERE name = $1',
        [jobNames.programmeReminders],
      );
      expect(schedules.rows).toEqual([{ name: 'programme-reminders', cron: '*/5 * * * *' }]);
      await harness.app.jobs.send(jobNames.programmeReminders);
      const deadline = Date.now() + 30_000;
      const runs = async () =>
        (
          await harness.app.database.query(
            "SELECT state::text AS state, output FROM pgboss.job WHERE name = 'programme-reminders'",
            [],
          )
        ).rows;
      while (!(await runs()).some((run) => run.state === 'completed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await runs()).toContainEqual({ state: 'completed', output: { reminded: 0 } });
    } finally {
      await harness.close();
    }
  });
});
