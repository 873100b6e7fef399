import { type Permission, rolePermissions } from '@pressroom/contract';
import {
  companies,
  coverage,
  coverageExhibitors,
  coverageReleases,
  type Executor,
  exhibitors,
  fairEditions,
  pressReleaseGroups,
  pressReleases,
  pressReleaseTranslations,
  roleGroups,
  userPermissions,
  userRoleGroups,
  users,
} from '@pressroom/db';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Reader, readableReleaseIds, visibleTo } from '../../access/index.ts';

// Coverage, and what it needs of other features' tables (editions, exhibitors, releases, users), read directly,
// never through those features' code.

type CoverageRow = typeof coverage.$inferSelect;
export type NewCoverageRow = typeof coverage.$inferInsert;

const companyName = sql<string>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;

/** A piece with what it covers and who reported it, as its reporter and the office read it. */
export interface CoverageDetail {
  row: CoverageRow;
  edition: { id: number; name: string } | null;
  releases: { id: number; title: string }[];
  exhibitors: { id: number; companyId: number; name: string }[];
  reporter: { id: number; name: string; email: string; language: string } | null;
}

export async function findEdition(db: Executor, id: number) {
  const [row] = await db
    .select({ id: fairEditions.id, name: fairEditions.name, pressGroupId: fairEditions.pressGroupId })
    .from(fairEditions)
    .where(eq(fairEditions.id, id));
  return row ?? null;
}

/** Which of these exhibitors exhibit at an edition of the site. */
export async function exhibitorIdsOnSite(db: Executor, ids: number[], siteId: number) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: exhibitors.id })
    .from(exhibitors)
    .innerJoin(fairEditions, eq(fairEditions.id, exhibitors.editionId))
    .where(and(inArray(exhibitors.id, ids), eq(fairEditions.pressGroupId, siteId)));
  return rows.map((row) => row.id);
}

/** Which of these releases belong to the site. */
export async function releaseIdsOnSite(db: Executor, ids: number[], siteId: number) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: pressReleaseGroups.pressReleaseId })
    .from(pressReleaseGroups)
    .where(and(inArray(pressReleaseGroups.pressReleaseId, ids), eq(pressReleaseGroups.pressGroupId, siteId)));
  return rows.map((row) => row.id);
}

/** Inserts the piece unless the site already has its address: then undefined (the unique index decides). */
export async function insertCoverage(tx: Executor, values: NewCoverageRow) {
  const [row] = await tx
    .insert(coverage)
    .values(values)
    .onConflictDoNothing({ target: [coverage.pressGroupId, coverage.urlKey] })
    .returning();
  return row;
}

/** Serialises one journalist's reports and clippings: their user row, locked until the transaction ends. */
export async function lockReporter(db: Executor, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many pieces the journalist reported since `since`, on every site (by the reporter index). */
export async function reportsSince(db: Executor, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(coverage)
    .where(and(eq(coverage.reporterId, userId), gte(coverage.createdAt, since)));
  return row?.n ?? 0;
}

/** The clipping bytes the journalist's pieces hold on every site, but the piece `except`'s. */
export async function clippingBytesOf(db: Executor, userId: number, except: number) {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${coverage.clippingSize}), 0)` })
    .from(coverage)
    .where(and(eq(coverage.reporterId, userId), ne(coverage.id, except)));
  return Number(row?.bytes ?? 0);
}

/** The address of the site's piece with this key, as it was first reported. */
export async function addressOnSite(db: Executor, siteId: number, urlKey: string) {
  const [row] = await db
    .select({ url: coverage.url })
    .from(coverage)
    .where(and(eq(coverage.pressGroupId, siteId), eq(coverage.urlKey, urlKey)));
  return row?.url ?? null;
}

export async function linkSubjects(
  tx: Executor,
  coverageId: number,
  releaseIds: number[],
  exhibitorIds: number[],
) {
  if (releaseIds.length > 0) {
    await tx
      .insert(coverageReleases)
      .values(releaseIds.map((pressReleaseId) => ({ coverageId, pressReleaseId })))
      .onConflictDoNothing();
  }
  if (exhibitorIds.length > 0) {
    await tx
      .insert(coverageExhibitors)
      .values(exhibitorIds.map((exhibitorId) => ({ coverageId, exhibitorId })))
      .onConflictDoNothing();
  }
}

// The details of these rows, in their order: their editions, releases, exhibitors and reporters, four queries.
/**
 * The details of these rows as `reader` may read them: a linked release they may not read (a draft, scheduled,
 * under embargo for the public, another company's) is left out, its title never read back.
 */
async function detailsOf(db: Executor, rows: CoverageRow[], reader: Reader): Promise<CoverageDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const editionIds = [...new Set(rows.flatMap((row) => (row.editionId === null ? [] : [row.editionId])))];
  const reporterIds = [...new Set(rows.flatMap((row) => (row.reporterId === null ? [] : [row.reporterId])))];
  const [editionRows, releaseRows, exhibitorRows, reporterRows] = await Promise.all([
    editionIds.length === 0
      ? []
      : db
          .select({ id: fairEditions.id, name: fairEditions.name })
          .from(fairEditions)
          .where(inArray(fairEditions.id, editionIds)),
    db
      .select({
        coverageId: coverageReleases.coverageId,
        id: coverageReleases.pressReleaseId,
        language: pressReleaseTranslations.language,
        title: pressReleaseTranslations.title,
      })
      .from(coverageReleases)
      .leftJoin(
        pressReleaseTranslations,
        eq(pressReleaseTranslations.pressReleaseId, coverageReleases.pressReleaseId),
      )
      .where(inArray(coverageReleases.coverageId, ids))
      .orderBy(asc(coverageReleases.pressReleaseId), asc(pressReleaseTranslations.id)),
    db
      .select({
        coverageId: coverageExhibitors.coverageId,
        id: exhibitors.id,
        companyId: exhibitors.companyId,
        name: companyName,
      })
      .from(coverageExhibitors)
      .innerJoin(exhibitors, eq(exhibitors.id, coverageExhibitors.exhibitorId))
      .innerJoin(companies, eq(companies.id, exhibitors.companyId))
      .where(inArray(coverageExhibitors.coverageId, ids))
      .orderBy(asc(companyName)),
    reporterIds.length === 0
      ? []
      : db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            language: users.language,
          })
          .from(users)
          .where(inArray(users.id, reporterIds)),
  ]);
  const readable = await readableReleaseIds(
    db,
    reader,
    releaseRows.map((release) => release.id),
  );
  const editions = new Map(editionRows.map((edition) => [edition.id, edition]));
  const reporters = new Map(
    reporterRows.map((user) => [
      user.id,
      {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim() || user.email,
        email: user.email,
        language: user.language,
      },
    ]),
  );
  return rows.map((row) => {
    // One title per release: the English one when there is one, else the first written.
    const titles = new Map<number, string>();
    for (const release of releaseRows.filter(
      (candidate) => candidate.coverageId === row.id && readable.has(candidate.id),
    )) {
      if (!titles.has(release.id) || release.language === 'en') titles.set(release.id, release.title ?? '');
    }
    return {
      row,
      edition: row.editionId === null ? null : (editions.get(row.editionId) ?? null),
      releases: [...titles].map(([id, title]) => ({ id, title })),
      exhibitors: exhibitorRows
        .filter((exhibitor) => exhibitor.coverageId === row.id)
        .map(({ id, companyId, name }) => ({ id, companyId, name })),
      reporter: row.reporterId === null ? null : (reporters.get(row.reporterId) ?? null),
    };
  });
}

export async function findDetail(db: Executor, id: number, reader: Reader): Promise<CoverageDetail | null> {
  const [row] = await db.select().from(coverage).where(eq(coverage.id, id));
  if (!row) return null;
  const [detail] = await detailsOf(db, [row], reader);
  return detail;
}

/** A journalist sees at most this many of their reports, newest first. */
const ownListLimit = 200;

/** The user's reports on one site (each site's press room lists its own, as its office does). */
export async function reportsOf(db: Executor, reader: Reader & { user: { id: number } }) {
  const rows = await db
    .select()
    .from(coverage)
    .where(and(eq(coverage.reporterId, reader.user.id), eq(coverage.pressGroupId, reader.siteId)))
    .orderBy(desc(coverage.createdAt), desc(coverage.id))
    .limit(ownListLimit);
  return detailsOf(db, rows, reader);
}

type Paging = { offset: number; limit: number };

/** The office's queue: the site's pieces of one status, oldest report first. */
export async function queue(db: Executor, reader: Reader, status: string, paging: Paging) {
  const where = and(eq(coverage.pressGroupId, reader.siteId), eq(coverage.status, status));
  const [total] = await db.select({ count: count() }).from(coverage).where(where);
  const rows = await db
    .select()
    .from(coverage)
    .where(where)
    .orderBy(asc(coverage.createdAt), asc(coverage.id))
    .offset(paging.offset)
    .limit(paging.limit);
  return { count: total.count, rows: await detailsOf(db, rows, reader) };
}

export interface PublicFilter {
  edition?: number;
  exhibitor?: number;
  country?: string;
  language?: string;
  mediaType?: string;
}

export interface PublicRow {
  id: number;
  url: string;
  title: string;
  outlet: string;
  publishedOn: string;
  language: string;
  country: string;
  /** The reporter's name, only where they consented to show it. */
  journalist: string | null;
}

/**
 * The reporter's name as the public reads it: only where they consented to show it beside the piece, and while
 * their account is there (a query joining `users` on the piece's reporter).
 */
export const consentedJournalistName = sql<
  string | null
>`case when ${coverage.showName} and ${users.id} is not null
    then coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), null) end`;

const publicColumns = {
  id: coverage.id,
  url: coverage.url,
  title: coverage.title,
  outlet: coverage.outlet,
  publishedOn: coverage.publishedOn,
  language: coverage.language,
  country: coverage.country,
  journalist: consentedJournalistName,
};

function publicWhere(siteId: number, filter: PublicFilter): SQL {
  const conditions: SQL[] = [eq(coverage.pressGroupId, siteId), eq(coverage.status, 'approved')];
  if (filter.edition !== undefined) conditions.push(eq(coverage.editionId, filter.edition));
  if (filter.country !== undefined) conditions.push(eq(coverage.country, filter.country));
  if (filter.language !== undefined) conditions.push(eq(coverage.language, filter.language));
  if (filter.mediaType !== undefined) conditions.push(eq(coverage.mediaType, filter.mediaType));
  if (filter.exhibitor !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${coverageExhibitors} where ${coverageExhibitors.coverageId} = ${coverage.id}
        and ${coverageExhibitors.exhibitorId} = ${filter.exhibitor})`,
    );
  }
  return and(...conditions) as SQL;
}

/** A page of the site's approved coverage, newest piece first. */
export async function publicPage(db: Executor, siteId: number, filter: PublicFilter, paging: Paging) {
  const where = publicWhere(siteId, filter);
  const [total] = await db.select({ count: count() }).from(coverage).where(where);
  const rows: PublicRow[] = await db
    .select(publicColumns)
    .from(coverage)
    .leftJoin(users, eq(users.id, coverage.reporterId))
    .where(where)
    .orderBy(desc(coverage.publishedOn), desc(coverage.id))
    .offset(paging.offset)
    .limit(paging.limit);
  return { count: total.count, rows };
}

/** A release's approved coverage on the site, newest first, at most `limit` pieces. */
export async function ofRelease(db: Executor, siteId: number, releaseId: number, limit: number) {
  return db
    .select(publicColumns)
    .from(coverage)
    .innerJoin(coverageReleases, eq(coverageReleases.coverageId, coverage.id))
    .leftJoin(users, eq(users.id, coverage.reporterId))
    .where(and(approvedOn(siteId), eq(coverageReleases.pressReleaseId, releaseId)))
    .orderBy(desc(coverage.publishedOn), desc(coverage.id))
    .limit(limit);
}

/** The approved coverage on the site naming an exhibitor, newest first, at most `limit` pieces. */
export async function ofExhibitor(db: Executor, siteId: number, exhibitorId: number, limit: number) {
  return db
    .select(publicColumns)
    .from(coverage)
    .innerJoin(coverageExhibitors, eq(coverageExhibitors.coverageId, coverage.id))
    .leftJoin(users, eq(users.id, coverage.reporterId))
    .where(and(approvedOn(siteId), eq(coverageExhibitors.exhibitorId, exhibitorId)))
    .orderBy(desc(coverage.publishedOn), desc(coverage.id))
    .limit(limit);
}

const approvedOn = (siteId: number) =>
  and(eq(coverage.pressGroupId, siteId), eq(coverage.status, 'approved'));

/** The countries, languages and media types of the site's approved coverage, for the page's filters. */
export async function publicFacets(db: Executor, siteId: number) {
  const rows = await db
    .selectDistinct({ country: coverage.country, language: coverage.language, mediaType: coverage.mediaType })
    .from(coverage)
    .where(and(eq(coverage.pressGroupId, siteId), eq(coverage.status, 'approved')))
    .limit(2000);
  return {
    countries: [...new Set(rows.map((row) => row.country))],
    languages: [...new Set(rows.map((row) => row.language))],
    mediaTypes: [...new Set(rows.map((row) => row.mediaType))],
  };
}

/** The site's editions, newest first, at most `limit`: what a piece may cover and the list be filtered by. */
export async function siteEditions(db: Executor, siteId: number, limit: number) {
  return db
    .select({ id: fairEditions.id, name: fairEditions.name })
    .from(fairEditions)
    .where(eq(fairEditions.pressGroupId, siteId))
    .orderBy(desc(fairEditions.startsOn), desc(fairEditions.id))
    .limit(limit);
}

/** The exhibitors the site's approved coverage names, by name, at most `limit`. */
export async function coveredExhibitors(db: Executor, siteId: number, limit: number) {
  return db
    .selectDistinct({ id: exhibitors.id, name: companyName })
    .from(coverageExhibitors)
    .innerJoin(coverage, eq(coverage.id, coverageExhibitors.coverageId))
    .innerJoin(exhibitors, eq(exhibitors.id, coverageExhibitors.exhibitorId))
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(and(eq(coverage.pressGroupId, siteId), eq(coverage.status, 'approved')))
    .orderBy(asc(companyName), asc(exhibitors.id))
    .limit(limit);
}

/** A company's press box is administered by those holding this permission for their own company. */
const boxAdministration: Permission = 'press_release.publish_own_company';
const administratorRoles = Object.entries(rolePermissions)
  .filter(([, granted]) => granted.includes(boxAdministration))
  .map(([role]) => role);

/** At most this many administrators are mailed about one piece (a piece names at most 50 exhibitors). */
const namedAdministratorsLimit = 500;

/**
 * The active administrators of these companies who chose to be mailed when an approved piece names their
 * exhibitor: holding the press box's administration by a role or as an extra permission.
 */
export async function optedInAdministrators(db: Executor, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      companyId: sql<number>`${users.companyId}`,
    })
    .from(users)
    .where(
      and(
        inArray(users.companyId, companyIds),
        eq(users.coverageMail, true),
        eq(users.isActive, true),
        or(
          sql`${users.id} in (select ${userPermissions.userId} from ${userPermissions}
            where ${userPermissions.permission} = ${boxAdministration})`,
          sql`${users.id} in (select ${userRoleGroups.userId} from ${userRoleGroups}
            join ${roleGroups} on ${roleGroups.id} = ${userRoleGroups.roleGroupId}
            where ${inArray(roleGroups.name, administratorRoles)})`,
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(namedAdministratorsLimit);
}

/** Changes the piece only while its status is still `expected`; undefined when it moved on. */
export async function updateIfStatus(
  tx: Executor,
  id: number,
  expected: string,
  values: Partial<NewCoverageRow>,
) {
  const [row] = await tx
    .update(coverage)
    .set(values)
    .where(and(eq(coverage.id, id), eq(coverage.status, expected)))
    .returning();
  return row;
}

// ------------------------------------------------------------------------------------------------------ demo

export async function siteHasCoverage(db: Executor, siteId: number) {
  const [row] = await db
    .select({ id: coverage.id })
    .from(coverage)
    .where(eq(coverage.pressGroupId, siteId))
    .limit(1);
  return row !== undefined;
}

export async function exhibitorIdsByCompanyName(db: Executor, editionId: number) {
  const rows = await db
    .select({ id: exhibitors.id, name: companies.businessName })
    .from(exhibitors)
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(eq(exhibitors.editionId, editionId))
    .limit(5_000);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/**
 * The site's newest releases dated `publishedBy` or earlier that any reader can open at `now` (published, their
 * scheduled time come, no embargo in effect), at most `limit`: the demo's pieces cover them, so a reader sees a
 * release's coverage.
 */
export async function newestReleaseIds(
  db: Executor,
  siteId: number,
  limit: number,
  now: Date,
  publishedBy: string,
) {
  const rows = await db
    .select({ id: pressReleases.id })
    .from(pressReleases)
    .innerJoin(pressReleaseGroups, eq(pressReleaseGroups.pressReleaseId, pressReleases.id))
    .where(
      and(
        eq(pressReleaseGroups.pressGroupId, siteId),
        lte(pressReleases.publicationDate, publishedBy),
        visibleTo({ pressAccess: false, now }),
      ),
    )
    .orderBy(desc(pressReleases.publicationDate), desc(pressReleases.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** When the site's approved coverage last changed (its newest decision), or null when it has none. */
export async function lastApprovedChange(db: Executor, siteId: number) {
  const [row] = await db
    .select({
      at: sql<Date | null>`max(${coverage.updatedAt})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(coverage)
    .where(and(eq(coverage.pressGroupId, siteId), eq(coverage.status, 'approved')));
  return row?.at ?? null;
}
