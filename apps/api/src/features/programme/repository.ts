import {
  companies,
  type Executor,
  exhibitors,
  fairEditions,
  galleries,
  galleryCategories,
  pressGroups,
  pressReleaseGroups,
  pressReleases,
  pressReleaseTranslations,
  programmeEventGalleries,
  programmeEventReleases,
  programmeEvents,
  type programmeSignups,
  users,
} from '@pressroom/db';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { gallerySeenBy, type Reader, releaseReadableBy } from '../../access/index.ts';
import { currentEdition as siteEdition } from '../../lib/current-edition.ts';

// The programme's events: their queries and writes, their details with linked material as the reader may see
// it, and the bounds and row types every section's repository shares. Every section reads other features'
// tables (editions, exhibitors, accreditation, releases, galleries, interviews) directly, never through those
// features' code.

export type EventRow = typeof programmeEvents.$inferSelect;
export type SignupRow = typeof programmeSignups.$inferSelect;

/** A list never holds more than this many events (an edition's programme is a few hundred at most). */
export const listLimit = 500;
/** An attendance list is bounded by the largest capacity plus a waiting list as long. */
export const attendanceLimit = 20_000;

export const companyName = sql<string>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;

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

interface Organiser {
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
async function heldLinks(db: Executor, eventId: number) {
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

/** The event's row as it stands (in a transaction holding its lock, as that transaction left it). */
export async function findEvent(db: Executor, id: number) {
  const [row] = await db.select().from(programmeEvents).where(eq(programmeEvents.id, id));
  return row ?? null;
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

export async function detailsOf(db: Executor, ids: number[], language: string, reader: Reader) {
  if (ids.length === 0) return [];
  const rows = await detailQuery(db)
    .where(inArray(programmeEvents.id, ids))
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.id));
  return withLinks(db, rows, language, reader);
}

export async function userContact(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, language: users.language, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
