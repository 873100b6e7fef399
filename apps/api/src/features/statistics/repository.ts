import {
  companies,
  coverage,
  coverageExhibitors,
  type Executor,
  exhibitors,
  fairEditions,
  galleries,
  galleryImages,
  pressReleaseTranslations,
  programmeEvents,
  programmeSignups,
  readCounts,
} from '@pressroom/db';
import { and, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';

export interface Scope {
  from: string;
  to: string;
  siteId?: number;
  /** Only the counts of this member company's releases, their attachments and pictures, and its gallery pictures. */
  companyId?: number;
  /** Only the readers of this country (a code). */
  country?: string;
}

/**
 * The rows of the period (and site); for a company only its releases' views, the downloads of its releases'
 * attachments and pictures (directly or in a basket ZIP) and those of its gallery pictures.
 */
function where(scope: Scope): SQL {
  const conditions: SQL[] = [gte(readCounts.day, scope.from), lte(readCounts.day, scope.to)];
  if (scope.siteId) conditions.push(eq(readCounts.pressGroupId, scope.siteId));
  if (scope.country) conditions.push(eq(readCounts.country, scope.country));
  if (scope.companyId) {
    conditions.push(sql`(
      (${readCounts.kind} = 'release_view' and ${readCounts.itemId} in
        (select id from press_releases where company_id = ${scope.companyId}))
      or (${readCounts.kind} in ('release_file_download', 'release_image_download') and ${readCounts.itemId} in
        (select f.id from press_release_files f join press_releases r on r.id = f.press_release_id
         where r.company_id = ${scope.companyId}))
      or (${readCounts.kind} = 'image_download' and ${readCounts.itemId} in
        (select gi.id from gallery_images gi join galleries g on g.id = gi.gallery_id
         where g.company_id = ${scope.companyId}))
    )`);
  }
  return and(...conditions) as SQL;
}

const total = sql<number>`sum(${readCounts.count})::int`;

export async function totalsByKind(executor: Executor, scope: Scope) {
  return executor
    .select({ kind: readCounts.kind, count: total })
    .from(readCounts)
    .where(where(scope))
    .groupBy(readCounts.kind);
}

export async function daily(executor: Executor, scope: Scope) {
  return executor
    .select({
      day: readCounts.day,
      views: sql<number>`coalesce(sum(${readCounts.count}) filter (where ${readCounts.kind} = 'release_view'), 0)::int`,
      downloads: sql<number>`coalesce(sum(${readCounts.count}) filter (where ${readCounts.kind} <> 'release_view'), 0)::int`,
    })
    .from(readCounts)
    .where(where(scope))
    .groupBy(readCounts.day)
    .orderBy(readCounts.day);
}

export async function topItems(executor: Executor, scope: Scope, kind: string, limit = 10) {
  return executor
    .select({ itemId: readCounts.itemId, count: total })
    .from(readCounts)
    .where(and(where(scope), eq(readCounts.kind, kind)))
    .groupBy(readCounts.itemId)
    .orderBy(desc(total), readCounts.itemId)
    .limit(limit);
}

export async function byColumn(executor: Executor, scope: Scope, column: 'mediaType' | 'country') {
  const field = readCounts[column];
  return executor
    .select({ value: field, count: total })
    .from(readCounts)
    .where(where(scope))
    .groupBy(field)
    .orderBy(desc(total), field);
}

/** Every row of the period, for the CSV export. */
export async function rows(executor: Executor, scope: Scope) {
  return executor
    .select()
    .from(readCounts)
    .where(where(scope))
    .orderBy(readCounts.day, readCounts.pressGroupId, readCounts.kind, readCounts.itemId);
}

export async function releaseTitles(executor: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return executor
    .select({
      id: pressReleaseTranslations.pressReleaseId,
      language: pressReleaseTranslations.language,
      title: pressReleaseTranslations.title,
    })
    .from(pressReleaseTranslations)
    .where(inArray(pressReleaseTranslations.pressReleaseId, ids));
}

export async function imageNames(executor: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return executor
    .select({
      id: galleryImages.id,
      originalName: galleryImages.originalName,
      captions: galleryImages.captions,
      galleryNames: galleries.names,
    })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .where(inArray(galleryImages.id, ids));
}

export async function companyName(executor: Executor, id: number) {
  const [row] = await executor
    .select({ name: sql<string>`coalesce(nullif(${companies.shortName}, ''), ${companies.businessName})` })
    .from(companies)
    .where(eq(companies.id, id));
  return row?.name;
}

/** The most events the figures list: an edition's programme is a few hundred at most. */
const programmeEventsShown = 500;

/**
 * The press programme's events held in the period (approved, starting on one of its days), on the site, and for
 * a company the events its exhibitors organised: places taken, the waiting list and who came through the door.
 * Read from the programme's tables directly; counts of sign-ups, never a name. Not split by country.
 */
export async function programmeFigures(executor: Executor, scope: Scope) {
  return executor
    .select({
      id: programmeEvents.id,
      siteId: fairEditions.pressGroupId,
      title: programmeEvents.title,
      startsAt: programmeEvents.startsAt,
      capacity: programmeEvents.capacity,
      signedUp: sql<number>`count(${programmeSignups.id}) filter (where ${programmeSignups.status} = 'signed_up')::int`,
      waiting: sql<number>`count(${programmeSignups.id}) filter (where ${programmeSignups.status} = 'waiting')::int`,
      attended: sql<number>`count(${programmeSignups.id}) filter (where ${programmeSignups.status} = 'signed_up'
        and ${programmeSignups.checkedInAt} is not null)::int`,
    })
    .from(programmeEvents)
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .leftJoin(exhibitors, eq(exhibitors.id, programmeEvents.exhibitorId))
    .leftJoin(programmeSignups, eq(programmeSignups.eventId, programmeEvents.id))
    .where(
      and(
        eq(programmeEvents.status, 'approved'),
        gte(programmeEvents.startsAt, new Date(`${scope.from}T00:00:00Z`)),
        lt(programmeEvents.startsAt, new Date(Date.parse(`${scope.to}T00:00:00Z`) + 86_400_000)),
        scope.siteId ? eq(fairEditions.pressGroupId, scope.siteId) : undefined,
        scope.companyId ? eq(exhibitors.companyId, scope.companyId) : undefined,
      ),
    )
    .groupBy(programmeEvents.id, fairEditions.pressGroupId)
    .orderBy(programmeEvents.startsAt, programmeEvents.id)
    .limit(programmeEventsShown);
}

/** Groups of coverage read at most (day x site x language x media type x country): a bound, never reached. */
const coverageGroupsShown = 20_000;

/**
 * The approved coverage published in the period, counted by day, site, language, media type and country, with
 * the reach summed where it is known. A company's: the pieces naming one of its exhibitors. The country
 * filter is the piece's country here (where it was published), as it is the reader's for the read counts.
 */
export async function coverageFigures(executor: Executor, scope: Scope) {
  const namesCompany = scope.companyId
    ? sql`exists (select 1 from ${coverageExhibitors} join ${exhibitors} on ${exhibitors.id} = ${coverageExhibitors.exhibitorId}
        where ${coverageExhibitors.coverageId} = ${coverage.id} and ${exhibitors.companyId} = ${scope.companyId})`
    : undefined;
  return executor
    .select({
      day: coverage.publishedOn,
      siteId: coverage.pressGroupId,
      language: coverage.language,
      mediaType: coverage.mediaType,
      country: coverage.country,
      pieces: sql<number>`count(*)::int`,
      reach: sql<number>`coalesce(sum(${coverage.reach}), 0)::bigint`.mapWith(Number),
    })
    .from(coverage)
    .where(
      and(
        eq(coverage.status, 'approved'),
        gte(coverage.publishedOn, scope.from),
        lte(coverage.publishedOn, scope.to),
        scope.siteId ? eq(coverage.pressGroupId, scope.siteId) : undefined,
        scope.country ? eq(coverage.country, scope.country) : undefined,
        namesCompany,
      ),
    )
    .groupBy(
      coverage.publishedOn,
      coverage.pressGroupId,
      coverage.language,
      coverage.mediaType,
      coverage.country,
    )
    .orderBy(coverage.publishedOn)
    .limit(coverageGroupsShown);
}
