import {
  accreditationRequests,
  companies,
  type Executor,
  exhibitors,
  fairEditions,
  interviewRequests,
  programmeEvents,
  programmeSignups,
  users,
} from '@pressroom/db';
import { and, asc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { attendanceLimit, companyName, listLimit, type SignupRow } from './repository.ts';

// The sign-ups' queries: places and waits, the waiting list's order, who hears of a change, and what clashes
// with an event in the journalist's own programme (their other events, their accepted interviews).

export async function findSignup(db: Executor, eventId: number, userId: number) {
  const [row] = await db
    .select()
    .from(programmeSignups)
    .where(and(eq(programmeSignups.eventId, eventId), eq(programmeSignups.userId, userId)));
  return row ?? null;
}

/** A new sign-up, or a cancelled one taken up again (it joins the waiting list's end). */
export async function upsertSignup(
  tx: Executor,
  values: { eventId: number; userId: number; status: string; language: string; now: Date },
) {
  // Strictly after everyone already queued, even within one millisecond (a cancelled sign-up taken up again
  // keeps its row, and so its id, so the id cannot break the tie).
  const queuedAt = sql`greatest(${values.now.toISOString()}::timestamptz, (select max(q.queued_at)
    + interval '1 millisecond' from programme_signups q where q.event_id = ${values.eventId}))`;
  const [row] = await tx
    .insert(programmeSignups)
    .values({
      eventId: values.eventId,
      userId: values.userId,
      status: values.status,
      language: values.language,
      queuedAt,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [programmeSignups.eventId, programmeSignups.userId],
      set: {
        status: values.status,
        language: values.language,
        queuedAt,
        updatedAt: values.now,
        remindedAt: null,
        checkedInAt: null,
        checkedInBy: null,
      },
    })
    .returning();
  return row;
}

export async function setSignupStatus(tx: Executor, id: number, status: string, now: Date) {
  const [row] = await tx
    .update(programmeSignups)
    .set({ status, updatedAt: now })
    .where(eq(programmeSignups.id, id))
    .returning();
  return row;
}

export async function addToCount(tx: Executor, eventId: number, delta: number) {
  await tx
    .update(programmeEvents)
    .set({ signedUp: sql`${programmeEvents.signedUp} + ${delta}` })
    .where(eq(programmeEvents.id, eventId));
}

/**
 * The events where some of these users hold a sign-up (a place or a wait; with `anyStatus`, any row at all),
 * lowest id first, optionally of one edition and only those not yet ended at `openAt`.
 */
export async function eventsHeldBy(
  db: Executor,
  userIds: number[],
  filter: { editionId?: number; openAt?: Date; anyStatus: boolean },
) {
  const rows = await db
    .selectDistinct({ id: programmeEvents.id, endsAt: programmeEvents.endsAt })
    .from(programmeSignups)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeSignups.eventId))
    .where(
      and(
        inArray(programmeSignups.userId, userIds),
        filter.anyStatus ? undefined : inArray(programmeSignups.status, ['signed_up', 'waiting']),
        filter.editionId === undefined ? undefined : eq(programmeEvents.editionId, filter.editionId),
        filter.openAt ? gt(programmeEvents.endsAt, filter.openAt) : undefined,
      ),
    )
    .orderBy(asc(programmeEvents.id))
    .limit(listLimit);
  return rows;
}

/** Cancels these users' places and waits at one event; answers the statuses they had. */
export async function cancelSignupsOf(tx: Executor, eventId: number, userIds: number[], now: Date) {
  const held = await tx
    .select({ id: programmeSignups.id, status: programmeSignups.status })
    .from(programmeSignups)
    .where(
      and(
        eq(programmeSignups.eventId, eventId),
        inArray(programmeSignups.userId, userIds),
        inArray(programmeSignups.status, ['signed_up', 'waiting']),
      ),
    )
    .limit(attendanceLimit);
  if (held.length === 0) return [];
  await tx
    .update(programmeSignups)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      inArray(
        programmeSignups.id,
        held.map((row) => row.id),
      ),
    );
  return held.map((row) => row.status);
}

/** Deletes these users' sign-ups at one event, whatever their status; answers the statuses they had. */
export async function deleteSignupsOf(tx: Executor, eventId: number, userIds: number[]) {
  const rows = await tx
    .delete(programmeSignups)
    .where(and(eq(programmeSignups.eventId, eventId), inArray(programmeSignups.userId, userIds)))
    .returning({ status: programmeSignups.status });
  return rows.map((row) => row.status);
}

/** The first on the waiting list: the earliest queued (then the lowest id). */
export async function firstWaiting(tx: Executor, eventId: number) {
  const [row] = await tx
    .select({ id: programmeSignups.id, userId: programmeSignups.userId })
    .from(programmeSignups)
    .where(and(eq(programmeSignups.eventId, eventId), eq(programmeSignups.status, 'waiting')))
    .orderBy(asc(programmeSignups.queuedAt), asc(programmeSignups.id))
    .limit(1);
  return row ?? null;
}

/** A sign-up whose place is asked (queuePosition names it `mine`). */
const mine = alias(programmeSignups, 'mine');

/**
 * The place on its event's waiting list (1 is next) of the sign-up `mine`: those waiting queued before it, by
 * `queued_at` then id, the order firstWaiting promotes in. One rule for the answer to a sign-up, the event's
 * chip and My programme. Written with its aliases in full: drizzle names a column bare in some places, which
 * inside the subquery would be the inner table's.
 */
const queuePosition = sql<number>`(select count(*)::int + 1 from programme_signups ahead
  where ahead.event_id = mine.event_id and ahead.status = 'waiting'
    and (ahead.queued_at, ahead.id) < (mine.queued_at, mine.id))`;

/** A waiting sign-up's place on the waiting list (1 is next). */
export async function waitingPosition(db: Executor, signup: SignupRow) {
  const [row] = await db.select({ position: queuePosition }).from(mine).where(eq(mine.id, signup.id));
  return row?.position ?? 1;
}

/** The reader's sign-ups among the given events, with their place on the waiting lists. */
export async function signupsOf(db: Executor, userId: number, eventIds: number[]) {
  if (eventIds.length === 0) return new Map<number, { status: string; position: number | null }>();
  const rows = await db
    .select({
      eventId: mine.eventId,
      status: mine.status,
      position: sql<number | null>`case when mine.status = 'waiting' then ${queuePosition} end`,
    })
    .from(mine)
    .where(and(eq(mine.userId, userId), inArray(mine.eventId, eventIds)));
  return new Map(rows.map((row) => [row.eventId, { status: row.status, position: row.position }]));
}

/** The events the journalist holds a place at or waits for, on every edition still to come. */
export async function myEventIds(db: Executor, userId: number, siteId: number) {
  const rows = await db
    .select({ id: programmeSignups.eventId })
    .from(programmeSignups)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeSignups.eventId))
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .where(
      and(
        eq(programmeSignups.userId, userId),
        inArray(programmeSignups.status, ['signed_up', 'waiting']),
        eq(fairEditions.pressGroupId, siteId),
      ),
    )
    .orderBy(asc(programmeEvents.startsAt))
    .limit(listLimit);
  return rows.map((row) => row.id);
}

/** Who hears of a change: everyone signed up or waiting, with the language they signed up in. */
export async function recipients(db: Executor, eventId: number) {
  return db
    .select({ email: users.email, language: programmeSignups.language, status: programmeSignups.status })
    .from(programmeSignups)
    .innerJoin(users, eq(users.id, programmeSignups.userId))
    .where(
      and(
        eq(programmeSignups.eventId, eventId),
        inArray(programmeSignups.status, ['signed_up', 'waiting']),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(programmeSignups.id))
    .limit(attendanceLimit);
}

/** Whether the user may sign up for the edition's events: an approved accreditation for it. */
export async function isAccredited(db: Executor, userId: number, editionId: number) {
  const [row] = await db
    .select({ id: accreditationRequests.id })
    .from(accreditationRequests)
    .where(
      and(
        eq(accreditationRequests.userId, userId),
        eq(accreditationRequests.editionId, editionId),
        eq(accreditationRequests.status, 'approved'),
      ),
    );
  return Boolean(row);
}

/**
 * What else the journalist has at an overlapping time: their other events (a place or a waiting one) and their
 * accepted interviews (booked for `interviewMinutes`).
 */
export async function clashes(
  db: Executor,
  userId: number,
  range: { start: Date; end: Date; exceptEventId: number },
  interviewMinutes: number,
  language: string,
) {
  const events = await db
    .select({
      id: programmeEvents.id,
      title: sql<string>`coalesce(${programmeEvents.title}->>${language}, ${programmeEvents.title}->>'en',
        ${programmeEvents.title}->>'it', (select value from jsonb_each_text(${programmeEvents.title}) limit 1), '')`,
      startsAt: programmeEvents.startsAt,
      endsAt: programmeEvents.endsAt,
    })
    .from(programmeSignups)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeSignups.eventId))
    .where(
      and(
        eq(programmeSignups.userId, userId),
        inArray(programmeSignups.status, ['signed_up', 'waiting']),
        ne(programmeEvents.id, range.exceptEventId),
        inArray(programmeEvents.status, ['approved']),
        lt(programmeEvents.startsAt, range.end),
        gt(programmeEvents.endsAt, range.start),
      ),
    )
    .orderBy(asc(programmeEvents.startsAt))
    .limit(50);
  const interviewStart = new Date(range.start.getTime() - interviewMinutes * 60_000);
  const interviews = await acceptedInterviews(db, userId, { from: interviewStart, to: range.end });
  return {
    events,
    interviews: interviews.map((row) => ({
      ...row,
      endsAt: new Date(row.scheduledAt.getTime() + interviewMinutes * 60_000),
    })),
  };
}

/** The journalist's accepted interviews starting within the range (for clashes and the personal feed). */
export async function acceptedInterviews(db: Executor, userId: number, range: { from: Date; to: Date }) {
  const rows = await db
    .select({
      id: interviewRequests.id,
      companyName,
      topic: interviewRequests.topic,
      place: interviewRequests.place,
      sequence: interviewRequests.sequence,
      scheduledAt: interviewRequests.scheduledAt,
    })
    .from(interviewRequests)
    .innerJoin(exhibitors, eq(exhibitors.id, interviewRequests.exhibitorId))
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(
      and(
        eq(interviewRequests.journalistId, userId),
        eq(interviewRequests.status, 'accepted'),
        isNotNull(interviewRequests.scheduledAt),
        gt(interviewRequests.scheduledAt, range.from),
        lt(interviewRequests.scheduledAt, range.to),
      ),
    )
    .orderBy(asc(interviewRequests.scheduledAt))
    .limit(listLimit);
  return rows.map((row) => ({ ...row, scheduledAt: row.scheduledAt as Date }));
}
