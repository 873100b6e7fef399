import {
  accreditationRequests,
  companies,
  type Executor,
  exhibitors,
  fairEditions,
  galleries,
  galleryCategories,
  interviewRequests,
  pressGroups,
  pressReleaseGroups,
  pressReleases,
  pressReleaseTranslations,
  programmeEventGalleries,
  programmeEventReleases,
  programmeEvents,
  programmeFeedTokens,
  programmeSignups,
  users,
} from '@pressroom/db';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { gallerySeenBy, type Reader, releaseReadableBy } from '../../access/index.ts';
import { currentEdition as siteEdition } from '../../lib/current-edition.ts';

// The press programme's queries, and what they need of other features' tables (editions, exhibitors,
// accreditation, releases, galleries, interviews), read directly, never through those features' code.

export type EventRow = typeof programmeEvents.$inferSelect;
export type SignupRow = typeof programmeSignups.$inferSelect;

/** A list never holds more than this many events (an edition's programme is a few hundred at most). */
export const listLimit = 500;
/** An attendance list is bounded by the largest capacity plus a waiting list as long. */
export const attendanceLimit = 20_000;

const companyName = sql<string>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;

export interface EditionContext {
  id: number;
  name: string;
  startsOn: string;
  endsOn: string;
  timeZone: string;
  proofRequired: boolean;
  pressGroupId: number;
  siteName: string;
}

export interface Organiser {
  exhibitorId: number;
  companyId: number;
  companyName: string;
}

export interface EventDetail {
  event: EventRow;
  edition: EditionContext;
  organiser: Organiser | null;
  waiting: number;
  /** `atStart`: released at the event's start (held till then). */
  releases: { id: number; title: string; atStart: boolean }[];
  galleries: { id: number; title: Record<string, string>; atStart: boolean }[];
}

const editionColumns = {
  id: fairEditions.id,
  name: fairEditions.name,
  startsOn: fairEditions.startsOn,
  endsOn: fairEditions.endsOn,
  timeZone: fairEditions.timeZone,
  proofRequired: fairEditions.proofRequired,
  pressGroupId: fairEditions.pressGroupId,
  siteName: pressGroups.name,
};

export async function findEdition(db: Executor, id: number): Promise<EditionContext | null> {
  const [row] = await db
    .select(editionColumns)
    .from(fairEditions)
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .where(eq(fairEditions.id, id));
  return row ?? null;
}

/** The site's edition (the shared rule of lib/current-edition.ts), with what the programme shows of it. */
export async function currentEdition(db: Executor, siteId: number, today: string) {
  const edition = await siteEdition(db, siteId, today);
  return edition ? findEdition(db, edition.id) : null;
}

export async function findExhibitor(db: Executor, id: number) {
  const [row] = await db
    .select({
      exhibitorId: exhibitors.id,
      companyId: exhibitors.companyId,
      companyName,
      editionId: exhibitors.editionId,
    })
    .from(exhibitors)
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(eq(exhibitors.id, id));
  return row ?? null;
}

/** The edition's exhibitors by their company's business name (the demo finds its organisers so). */
export async function exhibitorsByCompanyName(db: Executor, editionId: number) {
  const rows = await db
    .select({ id: exhibitors.id, name: companies.businessName })
    .from(exhibitors)
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(eq(exhibitors.editionId, editionId))
    .limit(listLimit);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Of the given releases, those on the site; of the galleries, those whose category shows on it. */
export async function linkableOnSite(
  db: Executor,
  siteId: number,
  releaseIds: number[],
  galleryIds: number[],
) {
  const releases =
    releaseIds.length === 0
      ? []
      : await db
          .select({ id: pressReleaseGroups.pressReleaseId })
          .from(pressReleaseGroups)
          .where(
            and(
              eq(pressReleaseGroups.pressGroupId, siteId),
              inArray(pressReleaseGroups.pressReleaseId, releaseIds),
            ),
          );
  const found =
    galleryIds.length === 0
      ? []
      : await db
          .select({ id: galleries.id })
          .from(galleries)
          .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
          .where(and(inArray(galleries.id, galleryIds), sql`${siteId} = any(${galleryCategories.groupIds})`));
  return { releases: releases.length, galleries: found.length };
}

export async function insertEvent(db: Executor, values: typeof programmeEvents.$inferInsert) {
  const [row] = await db.insert(programmeEvents).values(values).returning();
  return row;
}

export async function updateEvent(
  db: Executor,
  id: number,
  values: Partial<typeof programmeEvents.$inferInsert>,
) {
  const [row] = await db.update(programmeEvents).set(values).where(eq(programmeEvents.id, id)).returning();
  return row;
}

/** Changes the event only while its status is one expected; null when it moved on meanwhile. */
export async function updateIfStatus(
  db: Executor,
  id: number,
  expected: readonly string[],
  values: Partial<typeof programmeEvents.$inferInsert>,
) {
  const [row] = await db
    .update(programmeEvents)
    .set(values)
    .where(and(eq(programmeEvents.id, id), inArray(programmeEvents.status, [...expected])))
    .returning();
  return row ?? null;
}

/** The event's links marked "released at the start". */
export async function heldLinks(db: Executor, eventId: number) {
  const releases = await db
    .select({ id: programmeEventReleases.releaseId, atStart: programmeEventReleases.releasedAtStart })
    .from(programmeEventReleases)
    .where(eq(programmeEventReleases.eventId, eventId))
    .limit(listLimit);
  const found = await db
    .select({ id: programmeEventGalleries.galleryId, atStart: programmeEventGalleries.releasedAtStart })
    .from(programmeEventGalleries)
    .where(eq(programmeEventGalleries.eventId, eventId))
    .limit(listLimit);
  return { releases, galleries: found };
}

export interface LinkChange {
  releases?: number[];
  galleries?: number[];
  releasesAtStart?: number[];
  galleriesAtStart?: number[];
}

/**
 * Writes the links named, in their order, each marked as released at the start or not: the marks given, else
 * the marks the same links had. Marks named without their links apply to the links the event has.
 */
export async function replaceLinks(db: Executor, eventId: number, change: LinkChange) {
  const before = await heldLinks(db, eventId);
  const markedBefore = (rows: { id: number; atStart: boolean }[]) =>
    new Set(rows.filter((row) => row.atStart).map((row) => row.id));
  const releaseIds = change.releases ?? before.releases.map((row) => row.id);
  const releaseMarks = new Set(change.releasesAtStart ?? markedBefore(before.releases));
  if (change.releases || change.releasesAtStart) {
    await db.delete(programmeEventReleases).where(eq(programmeEventReleases.eventId, eventId));
    if (releaseIds.length > 0) {
      await db.insert(programmeEventReleases).values(
        releaseIds.map((releaseId, position) => ({
          eventId,
          releaseId,
          position,
          releasedAtStart: releaseMarks.has(releaseId),
        })),
      );
    }
  }
  const galleryIds = change.galleries ?? before.galleries.map((row) => row.id);
  const galleryMarks = new Set(change.galleriesAtStart ?? markedBefore(before.galleries));
  if (change.galleries || change.galleriesAtStart) {
    await db.delete(programmeEventGalleries).where(eq(programmeEventGalleries.eventId, eventId));
    if (galleryIds.length > 0) {
      await db.insert(programmeEventGalleries).values(
        galleryIds.map((galleryId, position) => ({
          eventId,
          galleryId,
          position,
          releasedAtStart: galleryMarks.has(galleryId),
        })),
      );
    }
  }
}

/** The event's row locked until the transaction ends: sign-ups of one event are decided one at a time. */
export async function lockEvent(tx: Executor, id: number) {
  const [row] = await tx.select().from(programmeEvents).where(eq(programmeEvents.id, id)).for('update');
  return row ?? null;
}

const waitingCount = sql<number>`(select count(*)::int from programme_signups w
  where w.event_id = ${programmeEvents.id} and w.status = 'waiting')`;

function detailQuery(db: Executor) {
  return db
    .select({
      event: programmeEvents,
      edition: editionColumns,
      exhibitorId: exhibitors.id,
      companyId: exhibitors.companyId,
      companyName: sql<string | null>`case when ${companies.id} is null then null else ${companyName} end`,
      waiting: waitingCount,
    })
    .from(programmeEvents)
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .leftJoin(exhibitors, eq(exhibitors.id, programmeEvents.exhibitorId))
    .leftJoin(companies, eq(companies.id, exhibitors.companyId));
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['where']>>[number];

/**
 * Who reads an event's links: the back office (null) sees each one; anyone else only the releases they could
 * read themselves (the releases' one rule, on the event's site) and the published galleries shown on that site.
 */
/** Who reads an event's links: a reader sees those they may read (the access rules); null, every link. */
export type LinkReader = Reader | null;

/** The event's site, for a link query joined to its event (`programme_events` named as drizzle names it). */
const eventSite = sql`(select ${fairEditions.pressGroupId} from ${fairEditions}
  where ${fairEditions.id} = ${programmeEvents.editionId})`;

/** Linked releases (title in the reader's language, else the first written) and galleries, per event. */
async function linksOf(db: Executor, eventIds: number[], language: string, reader: LinkReader) {
  if (eventIds.length === 0) return { releases: new Map(), galleries: new Map() };
  const releaseRows = await db
    .select({
      eventId: programmeEventReleases.eventId,
      id: pressReleases.id,
      atStart: programmeEventReleases.releasedAtStart,
      title: sql<string>`coalesce((select t.title from ${pressReleaseTranslations} t
        where t.press_release_id = ${pressReleases.id}
        order by (t.language = ${language}) desc, t.id limit 1), '')`,
    })
    .from(programmeEventReleases)
    .innerJoin(pressReleases, eq(pressReleases.id, programmeEventReleases.releaseId))
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeEventReleases.eventId))
    .where(
      and(
        inArray(programmeEventReleases.eventId, eventIds),
        reader
          ? and(
              releaseReadableBy(reader),
              sql`exists (select 1 from ${pressReleaseGroups} where ${pressReleaseGroups.pressReleaseId} = ${pressReleases.id}
                and ${pressReleaseGroups.pressGroupId} = ${eventSite})`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(programmeEventReleases.eventId), asc(programmeEventReleases.position));
  const galleryRows = await db
    .select({
      eventId: programmeEventGalleries.eventId,
      id: galleries.id,
      title: galleries.names,
      atStart: programmeEventGalleries.releasedAtStart,
    })
    .from(programmeEventGalleries)
    .innerJoin(galleries, eq(galleries.id, programmeEventGalleries.galleryId))
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeEventGalleries.eventId))
    .where(
      and(
        inArray(programmeEventGalleries.eventId, eventIds),
        reader
          ? and(
              gallerySeenBy(reader, reader.now),
              sql`exists (select 1 from ${galleryCategories} where ${galleryCategories.id} = ${galleries.categoryId}
                and ${eventSite} = any(${galleryCategories.groupIds}))`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(programmeEventGalleries.eventId), asc(programmeEventGalleries.position));
  const group = <Row extends { eventId: number }, Out>(rows: Row[], pick: (row: Row) => Out) => {
    const map = new Map<number, Out[]>();
    for (const row of rows) map.set(row.eventId, [...(map.get(row.eventId) ?? []), pick(row)]);
    return map;
  };
  return {
    releases: group(releaseRows, (row) => ({ id: row.id, title: row.title, atStart: row.atStart })),
    galleries: group(galleryRows, (row) => ({
      id: row.id,
      title: row.title as Record<string, string>,
      atStart: row.atStart,
    })),
  };
}

async function withLinks(db: Executor, rows: DetailRow[], language: string, reader: LinkReader) {
  const links = await linksOf(
    db,
    rows.map((row) => row.event.id),
    language,
    reader,
  );
  return rows.map(
    (row): EventDetail => ({
      event: row.event,
      edition: row.edition,
      organiser:
        row.exhibitorId === null || row.companyId === null
          ? null
          : { exhibitorId: row.exhibitorId, companyId: row.companyId, companyName: row.companyName ?? '' },
      waiting: row.waiting,
      releases: links.releases.get(row.event.id) ?? [],
      galleries: links.galleries.get(row.event.id) ?? [],
    }),
  );
}

export async function findDetail(db: Executor, id: number, language = 'en', reader: LinkReader = null) {
  const rows = await detailQuery(db).where(eq(programmeEvents.id, id));
  const [detail] = await withLinks(db, rows, language, reader);
  return detail ?? null;
}

export interface EventFilter {
  editionId: number;
  statuses: readonly string[];
  /** The day's bounds (UTC instants of its midnight in the fair's zone). */
  between?: { from: Date; to: Date };
  type?: string;
  hall?: string;
  organiser?: 'fair' | 'exhibitor';
  exhibitorId?: number;
  companyId?: number;
  language?: string;
}

/**
 * A digest of what the edition's events show in a calendar (status, revision, times, place, words,
 * organiser): a feed written from them reads the same while it does not change. A digest, not a latest
 * `updated_at`: two writes in one millisecond, or on servers whose clocks differ, would keep that the same.
 */
export async function eventsMark(db: Executor, editionId: number) {
  const e = programmeEvents;
  const [row] = await db
    .select({
      mark: sql<
        string | null
      >`md5(string_agg(concat_ws('|', ${e.id}, ${e.status}, ${e.sequence}, ${e.startsAt}, ${e.endsAt}, ${e.hall}, ${e.room}, ${e.stand}, ${e.exhibitorId}, ${e.type}, ${e.title}::text, ${e.description}::text), ',' order by ${e.id}))`,
    })
    .from(e)
    .where(eq(e.editionId, editionId));
  return row?.mark ?? 'none';
}

export async function listEvents(db: Executor, filter: EventFilter, language: string, reader: LinkReader) {
  const conditions: (SQL | undefined)[] = [
    eq(programmeEvents.editionId, filter.editionId),
    inArray(programmeEvents.status, [...filter.statuses]),
    filter.between
      ? and(lt(programmeEvents.startsAt, filter.between.to), gt(programmeEvents.endsAt, filter.between.from))
      : undefined,
    filter.type ? eq(programmeEvents.type, filter.type) : undefined,
    filter.hall ? sql`lower(${programmeEvents.hall}) = lower(${filter.hall})` : undefined,
    filter.organiser === 'fair' ? isNull(programmeEvents.exhibitorId) : undefined,
    filter.organiser === 'exhibitor' ? isNotNull(programmeEvents.exhibitorId) : undefined,
    filter.exhibitorId ? eq(programmeEvents.exhibitorId, filter.exhibitorId) : undefined,
    filter.companyId ? eq(exhibitors.companyId, filter.companyId) : undefined,
    filter.language
      ? sql`${programmeEvents.languages} @> ${JSON.stringify([filter.language])}::jsonb`
      : undefined,
  ];
  const rows = await detailQuery(db)
    .where(and(...conditions))
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.id))
    .limit(listLimit);
  return withLinks(db, rows, language, reader);
}

// ------------------------------------------------------------------------------------------------- sign-ups

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

export async function detailsOf(db: Executor, ids: number[], language: string, reader: Reader) {
  if (ids.length === 0) return [];
  const rows = await detailQuery(db)
    .where(inArray(programmeEvents.id, ids))
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.id));
  return withLinks(db, rows, language, reader);
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

export async function userContact(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, language: users.language, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
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

// ------------------------------------------------------------------------------------------------ attendance

export async function attendees(db: Executor, eventId: number) {
  return db
    .select({
      signup: programmeSignups,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      outlet: sql<string>`coalesce((select ar.outlet from ${accreditationRequests} ar
        join ${programmeEvents} pe on pe.edition_id = ar.edition_id
        where pe.id = ${programmeSignups.eventId} and ar.user_id = ${programmeSignups.userId} limit 1), '')`,
    })
    .from(programmeSignups)
    .innerJoin(users, eq(users.id, programmeSignups.userId))
    .where(and(eq(programmeSignups.eventId, eventId), ne(programmeSignups.status, 'cancelled')))
    .orderBy(
      sql`case ${programmeSignups.status} when 'signed_up' then 0 else 1 end`,
      asc(programmeSignups.queuedAt),
      asc(programmeSignups.id),
    )
    .limit(attendanceLimit);
}

/** A badge as the door names it: by its id (QR code, token), or by its short code within the edition. */
export type BadgeKey = { id: string } | { code: string };

/** The accreditation holding this badge, for the edition, with its holder. */
export async function badgeHolder(db: Executor, editionId: number, badge: BadgeKey) {
  const [row] = await db
    .select({
      userId: accreditationRequests.userId,
      status: accreditationRequests.status,
      isActive: users.isActive,
    })
    .from(accreditationRequests)
    .innerJoin(users, eq(users.id, accreditationRequests.userId))
    .where(
      and(
        eq(accreditationRequests.editionId, editionId),
        'id' in badge
          ? eq(accreditationRequests.badgeId, badge.id)
          : eq(accreditationRequests.badgeCode, badge.code),
      ),
    );
  return row ?? null;
}

/** The user's account state and their accreditation's status for the edition (null when they asked none). */
export async function doorStanding(db: Executor, editionId: number, userId: number) {
  const [row] = await db
    .select({ isActive: users.isActive, accreditation: accreditationRequests.status })
    .from(users)
    .leftJoin(
      accreditationRequests,
      and(eq(accreditationRequests.userId, users.id), eq(accreditationRequests.editionId, editionId)),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Records the check-in once: the first scan's time stays. */
export async function checkIn(db: Executor, signupId: number, by: number, now: Date) {
  const [row] = await db
    .update(programmeSignups)
    .set({ checkedInAt: now, checkedInBy: by, updatedAt: now })
    .where(and(eq(programmeSignups.id, signupId), isNull(programmeSignups.checkedInAt)))
    .returning();
  return row ?? null;
}

/** Numbers per event of an edition (optionally one exhibitor's, or one company's). */
export async function figures(
  db: Executor,
  filter: { editionId: number; exhibitorId?: number; companyId?: number },
) {
  return db
    .select({
      id: programmeEvents.id,
      title: programmeEvents.title,
      startsAt: programmeEvents.startsAt,
      endsAt: programmeEvents.endsAt,
      capacity: programmeEvents.capacity,
      signedUp: sql<number>`count(*) filter (where ${programmeSignups.status} = 'signed_up')::int`,
      waiting: sql<number>`count(*) filter (where ${programmeSignups.status} = 'waiting')::int`,
      attended: sql<number>`count(*) filter (where ${programmeSignups.status} = 'signed_up'
        and ${programmeSignups.checkedInAt} is not null)::int`,
    })
    .from(programmeEvents)
    .leftJoin(exhibitors, eq(exhibitors.id, programmeEvents.exhibitorId))
    .leftJoin(programmeSignups, eq(programmeSignups.eventId, programmeEvents.id))
    .where(
      and(
        eq(programmeEvents.editionId, filter.editionId),
        inArray(programmeEvents.status, ['approved', 'cancelled']),
        filter.exhibitorId ? eq(programmeEvents.exhibitorId, filter.exhibitorId) : undefined,
        filter.companyId ? eq(exhibitors.companyId, filter.companyId) : undefined,
      ),
    )
    .groupBy(programmeEvents.id)
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.id))
    .limit(listLimit);
}

// ---------------------------------------------------------------------------------------------- feed tokens

export async function feedToken(db: Executor, userId: number, siteId: number) {
  const [row] = await db
    .select()
    .from(programmeFeedTokens)
    .where(and(eq(programmeFeedTokens.userId, userId), eq(programmeFeedTokens.pressGroupId, siteId)));
  return row ?? null;
}

/** One address per user and site: a new token replaces the old one, which stops working at once. */
export async function saveFeedToken(
  db: Executor,
  values: { userId: number; siteId: number; tokenHash: string; language: string; now: Date },
) {
  const [row] = await db
    .insert(programmeFeedTokens)
    .values({
      userId: values.userId,
      pressGroupId: values.siteId,
      tokenHash: values.tokenHash,
      language: values.language,
      createdAt: values.now,
    })
    .onConflictDoUpdate({
      target: [programmeFeedTokens.userId, programmeFeedTokens.pressGroupId],
      set: { tokenHash: values.tokenHash, language: values.language, createdAt: values.now },
    })
    .returning();
  return row;
}

export async function deleteFeedToken(db: Executor, userId: number, siteId: number) {
  await db
    .delete(programmeFeedTokens)
    .where(and(eq(programmeFeedTokens.userId, userId), eq(programmeFeedTokens.pressGroupId, siteId)));
}

export async function feedByHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      userId: programmeFeedTokens.userId,
      siteId: programmeFeedTokens.pressGroupId,
      language: programmeFeedTokens.language,
      isActive: users.isActive,
    })
    .from(programmeFeedTokens)
    .innerJoin(users, eq(users.id, programmeFeedTokens.userId))
    .where(eq(programmeFeedTokens.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * The journalist's events for the personal feed: places held and waits (their sign-up's status says which), on
 * the site, cancelled ones too.
 */
export async function personalEvents(db: Executor, userId: number, siteId: number, since: Date) {
  return db
    .select({ id: programmeEvents.id, status: programmeSignups.status })
    .from(programmeSignups)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeSignups.eventId))
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .where(
      and(
        eq(programmeSignups.userId, userId),
        inArray(programmeSignups.status, ['signed_up', 'waiting']),
        inArray(programmeEvents.status, ['approved', 'cancelled']),
        eq(fairEditions.pressGroupId, siteId),
        gt(programmeEvents.endsAt, since),
      ),
    )
    .orderBy(asc(programmeEvents.startsAt))
    .limit(listLimit);
}

// ------------------------------------------------------------------------------------------------- reminders

/**
 * Claims the reminders due (events starting within `lead` from now, not started) and marks them sent in the
 * same statement: a sign-up is claimed by one server only, whatever the number running the job.
 */
export async function claimDueReminders(db: Executor, now: Date, leadMinutes: number, limit: number) {
  const horizon = new Date(now.getTime() + leadMinutes * 60_000);
  const due = db
    .select({ id: programmeSignups.id })
    .from(programmeSignups)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeSignups.eventId))
    .where(
      and(
        eq(programmeSignups.status, 'signed_up'),
        isNull(programmeSignups.remindedAt),
        eq(programmeEvents.status, 'approved'),
        gt(programmeEvents.startsAt, now),
        lte(programmeEvents.startsAt, horizon),
      ),
    )
    .orderBy(asc(programmeEvents.startsAt), asc(programmeSignups.id))
    .limit(limit)
    .for('update', { of: programmeSignups, skipLocked: true });
  return db
    .update(programmeSignups)
    .set({ remindedAt: now })
    .where(and(inArray(programmeSignups.id, due), isNull(programmeSignups.remindedAt)))
    .returning({
      id: programmeSignups.id,
      eventId: programmeSignups.eventId,
      userId: programmeSignups.userId,
      language: programmeSignups.language,
    });
}
