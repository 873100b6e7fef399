import { apiPaths } from '@pressroom/contract';
import { consents, mailQueue, programmeEvents, programmeSignups, users } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli.ts';
import { addMonthsUtc } from '../../lib/clock.ts';
import { ConfigError, loadConfig } from '../../plugins/config.ts';
import { createTestApp, TestClock, testConfig } from '../../test-support/app.ts';
import { createUser, type TestUser } from '../../test-support/factories.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';
import { purgeExpiredData } from './retention.ts';

const day = 86_400;
const start = new Date('2026-01-10T09:00:00Z');

// Each rule gets a database of its own: the counts the job reports are exact.
let harness: Awaited<ReturnType<typeof createTestApp>>;
function withOwnApp() {
  beforeAll(async () => {
    harness = await createTestApp({ clock: new TestClock(start), config: { mailPollInterval: 0 } });
  });
  afterAll(() => harness.close());
}

const existing = async (...ids: number[]) =>
  (await harness.db.select({ id: users.id }).from(users).where(inArray(users.id, ids)))
    .map((row) => row.id)
    .sort((a, b) => a - b);

/** A journalist: an account with press registration data, which staff accounts do not have. */
async function journalist(options: { active?: boolean } = {}): Promise<TestUser> {
  const user = await createUser(harness.app, options);
  await harness.db
    .update(users)
    .set({ qualify: 'journalist', newspaper: 'Tile Weekly', country: 'IT' })
    .where(eq(users.id, user.id));
  return user;
}

describe('purging unverified sign-ups', () => {
  withOwnApp();

  it('deletes a sign-up unverified for 31 days, keeps one of 29 days and every verified account', async () => {
    harness.clock.set(start);
    const stale = await journalist({ active: false });
    await harness.db.insert(consents).values({
      userId: stale.id,
      acceptedAt: start,
      noticeVersion: '20250604',
      language: 'en',
    });
    const verifiedLongAgo = await journalist();
    const staffLongAgo = await createUser(harness.app, { roles: ['administrator_global'] });
    harness.clock.advance(2 * day);
    const recent = await journalist({ active: false });

    const now = new Date(start.getTime() + 31 * day * 1000);
    const report = await purgeExpiredData(harness.app, { fairEndDate: null }, now);

    expect(report).toEqual({ unverifiedDeleted: 1, restricted: 0, restrictedDeleted: 0 });
    expect(await existing(stale.id, verifiedLongAgo.id, staffLongAgo.id, recent.id)).toEqual([
      verifiedLongAgo.id,
      staffLongAgo.id,
      recent.id,
    ]);
    expect(await harness.db.select().from(consents).where(eq(consents.userId, stale.id))).toEqual([]);
    expect(await purgeExpiredData(harness.app, { fairEndDate: null }, now)).toEqual({
      unverifiedDeleted: 0,
      restricted: 0,
      restrictedDeleted: 0,
    });
  });
});

describe('retention after the fair', () => {
  withOwnApp();

  it('restricts journalists at fair end + 6 months and deletes them 6 years later; staff stay', async () => {
    const fairEndDate = new Date('2026-09-30T00:00:00Z');
    const settings = { fairEndDate };
    harness.clock.set(new Date('2026-05-02T10:00:00Z'));
    const press = await journalist();
    const staff = await createUser(harness.app, { roles: ['administrator_press_room'] });
    harness.clock.set(new Date('2027-04-15T10:00:00Z'));
    const nextEdition = await journalist();
    const ids = [press.id, staff.id, nextEdition.id];

    // The day before the press purpose ends nothing changes.
    expect((await purgeExpiredData(harness.app, settings, new Date('2027-03-29T23:59:59Z'))).restricted).toBe(
      0,
    );

    // 2026-09-30 + 6 months: journalists who joined before are restricted and switched off.
    const restrictFrom = new Date('2027-03-30T00:00:00Z');
    const atEnd = await purgeExpiredData(harness.app, settings, new Date('2027-04-20T08:00:00Z'));
    expect(atEnd.restricted).toBe(1);
    const rows = await harness.db.select().from(users).where(inArray(users.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(press.id)).toMatchObject({ pressDataRestrictedAt: restrictFrom, isActive: false });
    expect(byId.get(staff.id)).toMatchObject({ pressDataRestrictedAt: null, isActive: true });
    expect(byId.get(nextEdition.id)).toMatchObject({ pressDataRestrictedAt: null, isActive: true });

    // A restricted journalist can no longer sign in.
    const signIn = await harness.app.inject({
      method: 'POST',
      url: apiPaths.tokenAuth,
      payload: { email: press.email, password: press.password },
    });
    expect(signIn.statusCode).toBe(400);

    // Kept for legal purposes until restriction + 6 years, then deleted.
    const beforeDeletion = await purgeExpiredData(harness.app, settings, new Date('2033-03-29T23:59:59Z'));
    expect(beforeDeletion).toEqual({ unverifiedDeleted: 0, restricted: 0, restrictedDeleted: 0 });
    expect(await existing(...ids)).toEqual(ids);
    const afterDeletion = await purgeExpiredData(harness.app, settings, new Date('2033-03-30T00:00:00Z'));
    expect(afterDeletion).toEqual({ unverifiedDeleted: 0, restricted: 0, restrictedDeleted: 1 });
    expect(await existing(...ids)).toEqual([staff.id, nextEdition.id]);
  });

  it('counts months by the calendar, clamped to the end of shorter months', () => {
    expect(addMonthsUtc(new Date('2026-09-30T00:00:00Z'), 6)).toEqual(new Date('2027-03-30T00:00:00Z'));
    expect(addMonthsUtc(new Date('2026-08-31T00:00:00Z'), 6)).toEqual(new Date('2027-02-28T00:00:00Z'));
    expect(addMonthsUtc(new Date('2033-03-30T00:00:00Z'), -72)).toEqual(new Date('2027-03-30T00:00:00Z'));
  });
});

describe('retention and the press programme', () => {
  withOwnApp();

  async function eventOfNextFair(startsOn: string, holder: number, waiting: number) {
    const siteId = harness.app.sites.byName.get('Tile Fair')!.id;
    const edition = await insertEdition(harness.db, { siteId, startsOn, endsOn: startsOn });
    const [event] = await harness.db
      .insert(programmeEvents)
      .values({
        editionId: edition.id,
        type: 'press_conference',
        status: 'approved',
        title: { en: 'Opening press conference' },
        startsAt: new Date(`${startsOn}T08:00:00Z`),
        endsAt: new Date(`${startsOn}T09:00:00Z`),
        hall: '5',
        capacity: 1,
        signupRequired: true,
        signedUp: 1,
      })
      .returning();
    await harness.db.insert(programmeSignups).values([
      { eventId: event.id, userId: holder, status: 'signed_up', language: 'en', queuedAt: start },
      {
        eventId: event.id,
        userId: waiting,
        status: 'waiting',
        language: 'en',
        queuedAt: harness.clock.now(),
      },
    ]);
    return event.id;
  }

  const placesAt = async (eventId: number) => ({
    signups: (
      await harness.db
        .select({ user: programmeSignups.userId, status: programmeSignups.status })
        .from(programmeSignups)
        .where(eq(programmeSignups.eventId, eventId))
        .orderBy(asc(programmeSignups.id))
    ).map((row) => [row.user, row.status]),
    signedUp: (
      await harness.db
        .select({ signedUp: programmeEvents.signedUp })
        .from(programmeEvents)
        .where(eq(programmeEvents.id, eventId))
    )[0].signedUp,
  });

  const subjectsTo = async (email: string) =>
    (await harness.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email))).map(
      (mail) => mail.subject,
    );

  it('gives the places of a journalist it switches off, then of one it deletes, to the first waiting, mailed', async () => {
    const settings = { fairEndDate: new Date('2026-09-30T00:00:00Z') };
    harness.clock.set(new Date('2026-05-02T10:00:00Z'));
    const press = await journalist();
    const restrictedLongAgo = await journalist();
    harness.clock.set(new Date('2027-04-15T10:00:00Z'));
    const nextEdition = await journalist();
    const opening = await eventOfNextFair('2027-09-21', press.id, nextEdition.id);

    expect((await purgeExpiredData(harness.app, settings, new Date('2027-04-20T08:00:00Z'))).restricted).toBe(
      2,
    );
    expect(await placesAt(opening)).toEqual({
      signups: [
        [press.id, 'cancelled'],
        [nextEdition.id, 'signed_up'],
      ],
      signedUp: 1,
    });
    expect(await subjectsTo(nextEdition.email)).toEqual(['A place is yours: Opening press conference']);
    await harness.db.delete(mailQueue);

    // Whatever place a restricted account still holds when it is deleted goes the same way.
    const later = await eventOfNextFair('2033-09-20', restrictedLongAgo.id, nextEdition.id);
    const deletion = await purgeExpiredData(harness.app, settings, new Date('2033-03-30T00:00:00Z'));
    expect(deletion.restrictedDeleted).toBe(2);
    expect(await placesAt(later)).toEqual({ signups: [[nextEdition.id, 'signed_up']], signedUp: 1 });
    expect(await placesAt(opening)).toEqual({ signups: [[nextEdition.id, 'signed_up']], signedUp: 1 });
    expect(await subjectsTo(nextEdition.email)).toEqual(['A place is yours: Opening press conference']);
  });
});

describe('FAIR_END_DATE', () => {
  const base = { SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789' };
  it('is read as the UTC start of that day, and is optional', () => {
    expect(loadConfig({ ...base, FAIR_END_DATE: '2026-09-30' }).fairEndDate).toEqual(
      new Date('2026-09-30T00:00:00Z'),
    );
    expect(loadConfig(base).fairEndDate).toBeNull();
  });
  it('refuses something that is not a date', () => {
    expect(() => loadConfig({ ...base, FAIR_END_DATE: '30/09/2026' })).toThrow(ConfigError);
  });
});

describe('npm run cli -- purge', () => {
  it('applies the rule with the configured fair end date and reports what it did', async () => {
    const database = await openTestDatabase();
    try {
      const joined = new Date('2026-01-01T00:00:00Z');
      await database.db.insert(users).values({
        email: 'never.verified@example.test',
        passwordHash: 'x',
        tokensValidAfter: joined,
        dateJoined: joined,
      });
      const lines: string[] = [];
      await runCommand('purge', [], {
        config: testConfig({ fairEndDate: new Date('2026-09-30T00:00:00Z') }),
        database,
        now: new Date('2026-03-01T00:00:00Z'),
        out: (line) => lines.push(line),
      });
      expect(lines).toEqual([
        'deleted 1 unverified sign-up(s); restricted 0 and deleted 0 press account(s); deleted 0 accreditation proof(s) and 0 unclaimed proof file(s)',
      ]);
      expect(await database.db.select().from(users)).toEqual([]);
      await expect(
        runCommand('purge', ['--now', 'x'], { config: testConfig(), database, now: joined, out: () => {} }),
      ).rejects.toThrow('purge takes no options');
    } finally {
      await database.close();
    }
  });
});
