import {
  apiPaths,
  type ProgrammeEvent,
  type ProgrammeEventCreateInput,
  type ProgrammeSignup,
  type Role,
} from '@pressroom/contract';
import { accreditationRequests, mailQueue, programmeSignups } from '@pressroom/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { badgeToken } from '../../lib/badge-tokens.ts';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';
import { sendReminders } from './reminders.ts';

// Ending an account or an accreditation ends its places (PRODUCT.md section 13). The fair runs from 22 to 26
// September 2026; journalists sign up the week before.
const clock = new TestClock(new Date('2026-09-15T09:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let editionId: number;
let pressOffice: Record<string, string>;
let administrator: Record<string, string>;

const db = () => context.db;
type Headers = Record<string, string>;

async function signedIn(roles: Role[], language: 'en' | 'it' | 'de' = 'en', name = 'Giulia') {
  const user = await createUser(context.app, { roles, language, firstName: name, lastName: 'Neri' });
  return {
    id: user.id,
    email: user.email,
    password: user.password,
    headers: authHeader(await tokenFor(context.app, user)) as Headers,
  };
}

/** A journalist accredited for the edition, with their badge. */
async function journalist(name: string, language: 'en' | 'it' | 'de' = 'en') {
  const user = await signedIn(['user_press_room'], language, name);
  const [accreditation] = await db()
    .insert(accreditationRequests)
    .values({
      editionId,
      userId: user.id,
      status: 'approved',
      mediaType: 'magazines',
      outlet: 'Ceramica Oggi',
      role: 'editor',
      proofKind: 'press_card',
    })
    .returning();
  return { ...user, requestId: accreditation.id, badgeId: accreditation.badgeId };
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

const opening = (overrides: Partial<ProgrammeEventCreateInput> = {}): ProgrammeEventCreateInput => ({
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
  capacity: 1,
  signup_required: true,
  ...overrides,
});

async function created() {
  const response = await call('POST', apiPaths.programmeAdmin, pressOffice, opening());
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ProgrammeEvent;
}

async function signUp(id: number, headers: Headers) {
  const response = await call('POST', apiPaths.programmeSignup(id), headers);
  expect(response.statusCode, response.body).toBe(200);
  // Each one queued a minute after the one before: the waiting list's order is certain.
  clock.advance(60);
  return response.json() as ProgrammeSignup;
}

const signups = async (eventId: number) =>
  (
    await db()
      .select({ user: programmeSignups.userId, status: programmeSignups.status })
      .from(programmeSignups)
      .where(eq(programmeSignups.eventId, eventId))
      .orderBy(asc(programmeSignups.id))
  ).map((row) => [row.user, row.status]);

/** What the event shows of its places, as a journalist reads it. */
async function places(eventId: number, headers: Headers) {
  const shown = (await call('GET', apiPaths.programmeEvent(eventId), headers)).json();
  return { signed_up: shown.signed_up, waiting: shown.waiting, places_left: shown.places_left };
}

const mailsTo = async (email: string) =>
  (await db().select().from(mailQueue).where(eq(mailQueue.toAddress, email)).orderBy(asc(mailQueue.id))).map(
    (mail) => mail.subject,
  );
const clearMails = () => db().delete(mailQueue);

beforeAll(async () => {
  context = await createTestApp({ clock, config: { mailPollInterval: 0 } });
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  clock.set(new Date('2026-09-15T09:00:00Z'));
  await db().execute(
    sql`truncate fair_editions, programme_events, accreditation_requests, mail_queue restart identity cascade`,
  );
  editionId = (await insertEdition(db(), { siteId: fairId, startsOn: '2026-09-22', endsOn: '2026-09-26' }))
    .id;
  pressOffice = (await signedIn(['administrator_press_room'])).headers;
  administrator = (await signedIn(['administrator_global'])).headers;
});

describe('revoking an accreditation', () => {
  it('gives the journalist’s place to the first waiting, refuses them at the door and sends them no reminder', async () => {
    const event = await created();
    const [anna, bruno, carla] = [
      await journalist('Anna'),
      await journalist('Bruno'),
      await journalist('Carla'),
    ];
    for (const person of [anna, bruno, carla]) await signUp(event.id, person.headers);
    await clearMails();

    const revoked = await call('POST', apiPaths.accreditationDecide, pressOffice, {
      ids: [anna.requestId],
      decision: 'reject',
      message: 'Your outlet does not cover the trade.',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await signups(event.id)).toEqual([
      [anna.id, 'cancelled'],
      [bruno.id, 'signed_up'],
      [carla.id, 'waiting'],
    ]);
    expect(await places(event.id, bruno.headers)).toEqual({ signed_up: 1, waiting: 1, places_left: 0 });
    expect(await mailsTo(bruno.email)).toEqual(['A place is yours: Opening press conference']);
    expect(await mailsTo(carla.email)).toEqual([]);

    // At the door, neither by name nor by badge: nothing is recorded.
    const byName = await call('POST', apiPaths.programmeCheckIn(event.id), pressOffice, { user: anna.id });
    expect([byName.statusCode, byName.json()]).toEqual([
      200,
      { badge_valid: false, signed_up: false, already_checked_in: false, attendee: null },
    ]);
    const scanned = await call('POST', apiPaths.programmeCheckIn(event.id), pressOffice, {
      badge: `https://fair.test/badges/${badgeToken(context.config.secretKey, anna.badgeId)}`,
    });
    expect(scanned.json()).toEqual({
      badge_valid: false,
      signed_up: false,
      already_checked_in: false,
      attendee: null,
    });
    const [annaRow] = await db().select().from(programmeSignups).where(eq(programmeSignups.userId, anna.id));
    expect(annaRow.checkedInAt).toBeNull();

    await clearMails();
    clock.set(new Date('2026-09-22T06:05:00Z'));
    expect(await sendReminders(context.app, 120)).toBe(1);
    expect(await mailsTo(bruno.email)).toHaveLength(1);
    expect(await mailsTo(anna.email)).toEqual([]);
  });

  it('refuses by name a journalist still holding a place whose accreditation is no longer approved', async () => {
    const event = await created();
    const anna = await journalist('Anna');
    await signUp(event.id, anna.headers);
    // The approval taken back outside the office's decision (as a request questioned again would be).
    await db()
      .update(accreditationRequests)
      .set({ status: 'needs_information' })
      .where(eq(accreditationRequests.id, anna.requestId));

    const byName = await call('POST', apiPaths.programmeCheckIn(event.id), pressOffice, { user: anna.id });
    expect(byName.json()).toMatchObject({ badge_valid: false, signed_up: true, already_checked_in: false });
    const [annaRow] = await db().select().from(programmeSignups).where(eq(programmeSignups.userId, anna.id));
    expect(annaRow.checkedInAt).toBeNull();
  });
});

describe('deleting an account', () => {
  it('frees its place at once: the first waiting is promoted and mailed', async () => {
    const event = await created();
    const [anna, bruno, carla] = [
      await journalist('Anna'),
      await journalist('Bruno'),
      await journalist('Carla'),
    ];
    for (const person of [anna, bruno, carla]) await signUp(event.id, person.headers);
    await clearMails();

    const deleted = await call('DELETE', apiPaths.profile, anna.headers, { password: anna.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await signups(event.id)).toEqual([
      [bruno.id, 'signed_up'],
      [carla.id, 'waiting'],
    ]);
    expect(await places(event.id, bruno.headers)).toEqual({ signed_up: 1, waiting: 1, places_left: 0 });
    expect(await mailsTo(bruno.email)).toEqual(['A place is yours: Opening press conference']);
    expect(await mailsTo(carla.email)).toEqual([]);
  });
});

describe('switching an account off', () => {
  it('frees its place or its wait: the first still waiting is promoted and mailed', async () => {
    const event = await created();
    const [anna, bruno, carla] = [
      await journalist('Anna'),
      await journalist('Bruno'),
      await journalist('Carla'),
    ];
    for (const person of [anna, bruno, carla]) await signUp(event.id, person.headers);
    await clearMails();

    const offWaiting = await call('PATCH', apiPaths.adminUser(bruno.id), administrator, { is_active: false });
    expect([offWaiting.statusCode, offWaiting.json().is_active]).toEqual([200, false]);
    expect(await signups(event.id)).toEqual([
      [anna.id, 'signed_up'],
      [bruno.id, 'cancelled'],
      [carla.id, 'waiting'],
    ]);
    expect(await mailsTo(carla.email)).toEqual([]);

    const offPlaced = await call('PATCH', apiPaths.adminUser(anna.id), administrator, { is_active: false });
    expect(offPlaced.statusCode, offPlaced.body).toBe(200);
    expect(await signups(event.id)).toEqual([
      [anna.id, 'cancelled'],
      [bruno.id, 'cancelled'],
      [carla.id, 'signed_up'],
    ]);
    expect(await places(event.id, carla.headers)).toEqual({ signed_up: 1, waiting: 0, places_left: 0 });
    expect(await mailsTo(carla.email)).toEqual(['A place is yours: Opening press conference']);
    expect(await mailsTo(anna.email)).toEqual([]);
  });
});
