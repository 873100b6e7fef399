import {
  awardCategories,
  awardCategoryJurors,
  awardEntries,
  awardScores,
  awards,
  coverage,
  type Executor,
  fairEditions,
  pressReleaseGroups,
  pressReleaseTranslations,
  roleGroups,
  userPermissions,
  userRoleGroups,
  users,
} from '@pressroom/db';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { consentedJournalistName } from '../coverage/index.ts';

// The journalism award, and what it reads of other features' tables (editions, coverage, releases, users)
// directly, never through those features' code but the public name rule coverage gives in its index.ts.

export type AwardRow = typeof awards.$inferSelect;
type CategoryRow = typeof awardCategories.$inferSelect;
type EntryRow = typeof awardEntries.$inferSelect;

/** How many awards a site keeps: one per edition; the list is bounded all the same. */
const awardListLimit = 100;
/** Entries of one award read at once (ranking, jury): far above any award's entries, a bound all the same. */
const entryLimit = 5000;

export interface AwardDetail {
  row: AwardRow;
  edition: { id: number; name: string; timeZone: string };
  categories: (CategoryRow & { jurors: { id: number; name: string }[] })[];
  /** The release announcing the winners, with its title (the English one when there is one). */
  announcement: { id: number; title: string } | null;
}

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

export async function findEdition(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: fairEditions.id,
      name: fairEditions.name,
      pressGroupId: fairEditions.pressGroupId,
      timeZone: fairEditions.timeZone,
    })
    .from(fairEditions)
    .where(eq(fairEditions.id, id));
  return row ?? null;
}

/** Inserts the award, or returns null when the edition has one on the site already (the unique index decides). */
export async function insertAward(db: Executor, values: typeof awards.$inferInsert) {
  const [row] = await db
    .insert(awards)
    .values(values)
    .onConflictDoNothing({ target: [awards.pressGroupId, awards.editionId] })
    .returning();
  return row ?? null;
}

export async function insertCategories(
  db: Executor,
  awardId: number,
  names: Record<string, string>[],
  from = 0,
) {
  if (names.length === 0) return [];
  return db
    .insert(awardCategories)
    .values(names.map((name, index) => ({ awardId, name, position: from + index })))
    .returning();
}

export async function categoryCount(db: Executor, awardId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(awardCategories)
    .where(eq(awardCategories.awardId, awardId));
  return row?.n ?? 0;
}

export async function updateAward(db: Executor, id: number, values: Partial<typeof awards.$inferInsert>) {
  await db.update(awards).set(values).where(eq(awards.id, id));
}

export async function updateCategory(db: Executor, id: number, name: Record<string, string>) {
  await db.update(awardCategories).set({ name }).where(eq(awardCategories.id, id));
}

async function detailsOf(db: Executor, rows: AwardRow[]): Promise<AwardDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const editions = await db
    .select({ id: fairEditions.id, name: fairEditions.name, timeZone: fairEditions.timeZone })
    .from(fairEditions)
    .where(
      inArray(
        fairEditions.id,
        rows.map((row) => row.editionId),
      ),
    );
  const categories = await db
    .select()
    .from(awardCategories)
    .where(inArray(awardCategories.awardId, ids))
    .orderBy(asc(awardCategories.position), asc(awardCategories.id));
  const jurors =
    categories.length === 0
      ? []
      : await db
          .select({ categoryId: awardCategoryJurors.categoryId, id: users.id, name: fullName })
          .from(awardCategoryJurors)
          .innerJoin(users, eq(users.id, awardCategoryJurors.userId))
          .where(
            inArray(
              awardCategoryJurors.categoryId,
              categories.map((category) => category.id),
            ),
          )
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const releaseIds = [
    ...new Set(
      rows.flatMap((row) => (row.announcementReleaseId === null ? [] : [row.announcementReleaseId])),
    ),
  ];
  const titles = new Map<number, string>();
  if (releaseIds.length > 0) {
    const translations = await db
      .select({
        id: pressReleaseTranslations.pressReleaseId,
        language: pressReleaseTranslations.language,
        title: pressReleaseTranslations.title,
      })
      .from(pressReleaseTranslations)
      .where(inArray(pressReleaseTranslations.pressReleaseId, releaseIds))
      .orderBy(asc(pressReleaseTranslations.id));
    for (const translation of translations) {
      if (!titles.has(translation.id) || translation.language === 'en')
        titles.set(translation.id, translation.title);
    }
  }
  return rows.map((row) => ({
    row,
    edition: editions.find((edition) => edition.id === row.editionId) as AwardDetail['edition'],
    announcement:
      row.announcementReleaseId === null
        ? null
        : { id: row.announcementReleaseId, title: titles.get(row.announcementReleaseId) ?? '' },
    categories: categories
      .filter((category) => category.awardId === row.id)
      .map((category) => ({
        ...category,
        jurors: jurors
          .filter((juror) => juror.categoryId === category.id)
          .map((juror) => ({ id: juror.id, name: juror.name })),
      })),
  }));
}

export async function findAward(db: Executor, id: number): Promise<AwardDetail | null> {
  const rows = await db.select().from(awards).where(eq(awards.id, id));
  return (await detailsOf(db, rows))[0] ?? null;
}

/** The site's awards, newest edition first. */
export async function awardsOfSite(db: Executor, siteId: number) {
  const rows = await db
    .select({ award: awards })
    .from(awards)
    .innerJoin(fairEditions, eq(fairEditions.id, awards.editionId))
    .where(eq(awards.pressGroupId, siteId))
    .orderBy(desc(fairEditions.startsOn), desc(awards.id))
    .limit(awardListLimit);
  return detailsOf(
    db,
    rows.map((row) => row.award),
  );
}

/** The site's award journalists enter now: the one with the latest deadline still to come, else the latest. */
export async function currentAward(db: Executor, siteId: number, now: Date) {
  const [open] = await db
    .select()
    .from(awards)
    .where(and(eq(awards.pressGroupId, siteId), gte(awards.entryDeadline, now)))
    .orderBy(asc(awards.entryDeadline))
    .limit(1);
  const [latest] = open
    ? [open]
    : await db
        .select()
        .from(awards)
        .where(eq(awards.pressGroupId, siteId))
        .orderBy(desc(awards.entryDeadline))
        .limit(1);
  return latest ? ((await detailsOf(db, [latest]))[0] ?? null) : null;
}

export async function findCategory(db: Executor, id: number) {
  const [row] = await db.select().from(awardCategories).where(eq(awardCategories.id, id));
  return row ?? null;
}

/** Holding the jury permission: as an extra permission, or as a global administrator (who holds all). */
const judges = sql`(${users.id} in (select ${userPermissions.userId} from ${userPermissions}
    where ${userPermissions.permission} = 'award.judge')
  or ${users.id} in (select ${userRoleGroups.userId} from ${userRoleGroups}
    join ${roleGroups} on ${roleGroups.id} = ${userRoleGroups.roleGroupId}
    where ${roleGroups.name} = 'administrator_global'))`;

/** Which of these users may judge. */
export async function usersWhoJudge(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), judges));
  return rows.map((row) => row.id);
}

export async function userNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: fullName })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
}

export async function replaceJurors(db: Executor, categoryId: number, userIds: number[]) {
  await db.delete(awardCategoryJurors).where(eq(awardCategoryJurors.categoryId, categoryId));
  if (userIds.length > 0) {
    await db.insert(awardCategoryJurors).values(userIds.map((userId) => ({ categoryId, userId })));
  }
}

export async function isJuror(db: Executor, categoryId: number, userId: number) {
  const [row] = await db
    .select({ userId: awardCategoryJurors.userId })
    .from(awardCategoryJurors)
    .where(and(eq(awardCategoryJurors.categoryId, categoryId), eq(awardCategoryJurors.userId, userId)));
  return row !== undefined;
}

const coverageColumns = {
  id: coverage.id,
  url: coverage.url,
  title: coverage.title,
  outlet: coverage.outlet,
  publishedOn: coverage.publishedOn,
};
export type EntryCoverage = { id: number; url: string; title: string; outlet: string; publishedOn: string };

/** A journalist's own approved pieces on the site published within the window, newest first. */
export async function eligibleCoverage(
  db: Executor,
  siteId: number,
  journalistId: number,
  window: { from: string; to: string },
  limit = 200,
) {
  return db
    .select(coverageColumns)
    .from(coverage)
    .where(
      and(
        eq(coverage.pressGroupId, siteId),
        eq(coverage.reporterId, journalistId),
        eq(coverage.status, 'approved'),
        gte(coverage.publishedOn, window.from),
        lte(coverage.publishedOn, window.to),
      ),
    )
    .orderBy(desc(coverage.publishedOn), desc(coverage.id))
    .limit(limit);
}

/** Serialises one journalist's entries in an award: their user row, locked until the transaction ends. */
export async function lockJournalist(db: Executor, journalistId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, journalistId)).for('update');
}

export async function entriesInCategory(db: Executor, categoryId: number, journalistId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(awardEntries)
    .where(and(eq(awardEntries.categoryId, categoryId), eq(awardEntries.journalistId, journalistId)));
  return row?.n ?? 0;
}

/** Inserts an entry, or returns null when the piece is entered in the category already. */
export async function insertEntry(db: Executor, values: typeof awardEntries.$inferInsert) {
  const [row] = await db
    .insert(awardEntries)
    .values(values)
    .onConflictDoNothing({ target: [awardEntries.categoryId, awardEntries.coverageId] })
    .returning();
  return row ?? null;
}

export interface EntryDetail {
  entry: EntryRow;
  coverage: EntryCoverage;
  journalist: string;
  awardId: number;
}

const entryColumns = {
  entry: awardEntries,
  coverage: coverageColumns,
  journalist: fullName,
  awardId: awardCategories.awardId,
};

function entriesQuery(db: Executor) {
  return db
    .select(entryColumns)
    .from(awardEntries)
    .innerJoin(coverage, eq(coverage.id, awardEntries.coverageId))
    .innerJoin(users, eq(users.id, awardEntries.journalistId))
    .innerJoin(awardCategories, eq(awardCategories.id, awardEntries.categoryId));
}

export async function findEntry(db: Executor, id: number): Promise<EntryDetail | null> {
  const [row] = await entriesQuery(db).where(eq(awardEntries.id, id));
  return row ?? null;
}

export async function entriesOfJournalist(db: Executor, awardId: number, journalistId: number) {
  return entriesQuery(db)
    .where(and(eq(awardCategories.awardId, awardId), eq(awardEntries.journalistId, journalistId)))
    .orderBy(asc(awardCategories.position), asc(awardEntries.id))
    .limit(entryLimit);
}

/**
 * Every entry of an award, with every score: the ranking's source; the jury's, in the categories a juror judges
 * and without the juror's own entries (`notBy`), which they never score.
 */
export async function entriesOfAward(
  db: Executor,
  awardId: number,
  jury?: { categoryIds: number[]; notBy: number },
) {
  const condition =
    jury === undefined
      ? eq(awardCategories.awardId, awardId)
      : and(
          eq(awardCategories.awardId, awardId),
          inArray(awardEntries.categoryId, jury.categoryIds),
          ne(awardEntries.journalistId, jury.notBy),
        );
  return entriesQuery(db).where(condition).orderBy(asc(awardEntries.id)).limit(entryLimit);
}

/** The entries' scores, but never one a juror gave their own entry: it does not count, wherever it came from. */
export async function scoresOf(db: Executor, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  const rows = await db
    .select({ score: awardScores })
    .from(awardScores)
    .innerJoin(awardEntries, eq(awardEntries.id, awardScores.entryId))
    .where(and(inArray(awardScores.entryId, entryIds), ne(awardScores.jurorId, awardEntries.journalistId)))
    .limit(entryLimit * 20);
  return rows.map((row) => row.score);
}

export async function categoriesJudgedBy(db: Executor, awardId: number, userId: number) {
  const rows = await db
    .select({ id: awardCategories.id })
    .from(awardCategoryJurors)
    .innerJoin(awardCategories, eq(awardCategories.id, awardCategoryJurors.categoryId))
    .where(and(eq(awardCategories.awardId, awardId), eq(awardCategoryJurors.userId, userId)));
  return rows.map((row) => row.id);
}

/** One score per juror and entry: a second score replaces the first. */
export async function upsertScore(db: Executor, values: typeof awardScores.$inferInsert) {
  await db
    .insert(awardScores)
    .values(values)
    .onConflictDoUpdate({
      target: [awardScores.entryId, awardScores.jurorId],
      set: { score: values.score, comment: values.comment, updatedAt: values.updatedAt },
    });
}

export async function deleteEntry(db: Executor, id: number) {
  await db.delete(awardEntries).where(eq(awardEntries.id, id));
}

export async function setWinner(db: Executor, id: number, winner: boolean) {
  await db.update(awardEntries).set({ winner }).where(eq(awardEntries.id, id));
}

export async function lockAward(db: Executor, id: number) {
  await db.select({ id: awards.id }).from(awards).where(eq(awards.id, id)).for('update');
}

/** Users holding the jury permission, by name; at most 500. */
export async function jurorCandidates(db: Executor) {
  return db
    .select({ id: users.id, name: fullName, email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), judges))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(500);
}

// ---------------------------------------------------------------------------------------- announcement

/** Whether the release belongs to the site. */
export async function releaseOnSite(db: Executor, releaseId: number, siteId: number) {
  const [row] = await db
    .select({ id: pressReleaseGroups.pressReleaseId })
    .from(pressReleaseGroups)
    .where(
      and(eq(pressReleaseGroups.pressReleaseId, releaseId), eq(pressReleaseGroups.pressGroupId, siteId)),
    );
  return row !== undefined;
}

export async function winnerCount(db: Executor, awardId: number) {
  const [row] = await db
    .select({ count: count() })
    .from(awardEntries)
    .innerJoin(awardCategories, eq(awardCategories.id, awardEntries.categoryId))
    .where(and(eq(awardCategories.awardId, awardId), eq(awardEntries.winner, true)));
  return row.count;
}

/** A release's winners: at most this many (a dozen categories, a few winners each). */
const announcedWinnersLimit = 100;

/**
 * The winners of the site's awards announced on a release, by award, category order and entry: the category's
 * names, the piece's title, address and outlet, and the journalist's name only where they consented to show it
 * beside the piece.
 */
export async function announcedWinners(db: Executor, siteId: number, releaseId: number) {
  return db
    .select({
      awardId: awards.id,
      category: awardCategories.name,
      title: coverage.title,
      url: coverage.url,
      outlet: coverage.outlet,
      journalist: consentedJournalistName,
    })
    .from(awards)
    .innerJoin(awardCategories, eq(awardCategories.awardId, awards.id))
    .innerJoin(awardEntries, eq(awardEntries.categoryId, awardCategories.id))
    .innerJoin(coverage, eq(coverage.id, awardEntries.coverageId))
    .leftJoin(users, eq(users.id, coverage.reporterId))
    .where(
      and(
        eq(awards.pressGroupId, siteId),
        eq(awards.announcementReleaseId, releaseId),
        eq(awardEntries.winner, true),
      ),
    )
    .orderBy(asc(awards.id), asc(awardCategories.position), asc(awardCategories.id), asc(awardEntries.id))
    .limit(announcedWinnersLimit);
}
