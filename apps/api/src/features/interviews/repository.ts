import {
  accreditationRequests,
  companies,
  companyPressContacts,
  type Executor,
  exhibitors,
  fairEditions,
  interviewRequests,
  pressGroups,
  users,
} from '@pressroom/db';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';

// The interview requests, and what they need of other features' tables (exhibitors, editions, accreditation,
// press contacts), read directly, never through those features' code.

type InterviewRow = typeof interviewRequests.$inferSelect;

const companyName = sql<string>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;

export interface ExhibitorContext {
  exhibitorId: number;
  companyId: number;
  companyName: string;
  edition: {
    id: number;
    name: string;
    startsOn: string;
    endsOn: string;
    timeZone: string;
    pressGroupId: number;
  };
  siteName: string;
}

const contextColumns = {
  exhibitorId: exhibitors.id,
  companyId: exhibitors.companyId,
  companyName,
  editionId: fairEditions.id,
  editionName: fairEditions.name,
  startsOn: fairEditions.startsOn,
  endsOn: fairEditions.endsOn,
  timeZone: fairEditions.timeZone,
  pressGroupId: fairEditions.pressGroupId,
  siteName: pressGroups.name,
};

interface ContextRow {
  exhibitorId: number;
  companyId: number;
  companyName: string;
  editionId: number;
  editionName: string;
  startsOn: string;
  endsOn: string;
  timeZone: string;
  pressGroupId: number;
  siteName: string;
}

const contextOf = (row: ContextRow): ExhibitorContext => ({
  exhibitorId: row.exhibitorId,
  companyId: row.companyId,
  companyName: row.companyName,
  edition: {
    id: row.editionId,
    name: row.editionName,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    timeZone: row.timeZone,
    pressGroupId: row.pressGroupId,
  },
  siteName: row.siteName,
});

/** The exhibitor with its company's shown name and its edition, or null. */
export async function findExhibitor(db: Executor, id: number): Promise<ExhibitorContext | null> {
  const [row] = await db
    .select(contextColumns)
    .from(exhibitors)
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .innerJoin(fairEditions, eq(fairEditions.id, exhibitors.editionId))
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .where(eq(exhibitors.id, id));
  return row ? contextOf(row) : null;
}

/** The outlet of the user's approved accreditation for the edition, or null when they are not accredited. */
export async function approvedOutlet(db: Executor, userId: number, editionId: number) {
  const [row] = await db
    .select({ outlet: accreditationRequests.outlet })
    .from(accreditationRequests)
    .where(
      and(
        eq(accreditationRequests.userId, userId),
        eq(accreditationRequests.editionId, editionId),
        eq(accreditationRequests.status, 'approved'),
      ),
    );
  return row?.outlet ?? null;
}

/**
 * Row locks that make the limits hold with several app servers: requests of one journalist, and requests to
 * one exhibitor, are counted and written one at a time.
 */
export async function lockJournalistAndExhibitor(tx: Executor, userId: number, exhibitorId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await tx.select({ id: exhibitors.id }).from(exhibitors).where(eq(exhibitors.id, exhibitorId)).for('update');
}

const open = inArray(interviewRequests.status, ['pending', 'accepted']);

/** The journalist's requests waiting or accepted at the edition's exhibitors. */
export async function openCountOfJournalist(db: Executor, userId: number, editionId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(interviewRequests)
    .innerJoin(exhibitors, eq(exhibitors.id, interviewRequests.exhibitorId))
    .where(and(eq(interviewRequests.journalistId, userId), eq(exhibitors.editionId, editionId), open));
  return row?.total ?? 0;
}

export async function hasOpenRequestWith(db: Executor, userId: number, exhibitorId: number) {
  const [row] = await db
    .select({ id: interviewRequests.id })
    .from(interviewRequests)
    .where(
      and(eq(interviewRequests.journalistId, userId), eq(interviewRequests.exhibitorId, exhibitorId), open),
    )
    .limit(1);
  return row !== undefined;
}

export async function requestsToExhibitorSince(db: Executor, exhibitorId: number, since: Date) {
  const [row] = await db
    .select({ total: count() })
    .from(interviewRequests)
    .where(and(eq(interviewRequests.exhibitorId, exhibitorId), gte(interviewRequests.createdAt, since)));
  return row?.total ?? 0;
}

export async function insertRequest(tx: Executor, values: typeof interviewRequests.$inferInsert) {
  const [row] = await tx.insert(interviewRequests).values(values).returning();
  return row;
}

/** Several requests at once (the demo's). */
export async function insertRequests(db: Executor, values: (typeof interviewRequests.$inferInsert)[]) {
  await db.insert(interviewRequests).values(values);
}

export async function editionHasRequests(db: Executor, editionId: number) {
  const [row] = await db
    .select({ id: interviewRequests.id })
    .from(interviewRequests)
    .innerJoin(exhibitors, eq(exhibitors.id, interviewRequests.exhibitorId))
    .where(eq(exhibitors.editionId, editionId))
    .limit(1);
  return row !== undefined;
}

export async function findEditionDays(db: Executor, id: number) {
  const [row] = await db
    .select({ startsOn: fairEditions.startsOn, endsOn: fairEditions.endsOn })
    .from(fairEditions)
    .where(eq(fairEditions.id, id));
  return row ?? null;
}

/** The edition's exhibitors by their companies' registered names (bounded: a fair's exhibitors). */
export async function exhibitorsOfEdition(db: Executor, editionId: number) {
  return db
    .select({ id: exhibitors.id, companyName: companies.businessName })
    .from(exhibitors)
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(eq(exhibitors.editionId, editionId))
    .orderBy(asc(exhibitors.id))
    .limit(5_000);
}

/** A request with its exhibitor's context and the journalist's language (for the mails). */
export interface InterviewDetail {
  request: InterviewRow;
  context: ExhibitorContext;
  journalistLanguage: string;
}

function detailQuery(db: Executor) {
  return db
    .select({ request: interviewRequests, journalistLanguage: users.language, ...contextColumns })
    .from(interviewRequests)
    .innerJoin(exhibitors, eq(exhibitors.id, interviewRequests.exhibitorId))
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .innerJoin(fairEditions, eq(fairEditions.id, exhibitors.editionId))
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .leftJoin(users, eq(users.id, interviewRequests.journalistId));
}

const detailOf = (row: ContextRow & { request: InterviewRow; journalistLanguage: string | null }) => ({
  request: row.request,
  context: contextOf(row),
  journalistLanguage: row.journalistLanguage ?? row.request.language,
});

export async function findDetail(db: Executor, id: number): Promise<InterviewDetail | null> {
  const [row] = await detailQuery(db).where(eq(interviewRequests.id, id));
  return row ? detailOf(row as never) : null;
}

/** Bound of a journalist's list (ten open at most per fair, so a few fairs' worth). */
const listLimit = 500;

export async function requestsOfJournalist(db: Executor, userId: number): Promise<InterviewDetail[]> {
  const rows = await detailQuery(db)
    .where(eq(interviewRequests.journalistId, userId))
    .orderBy(desc(interviewRequests.createdAt), desc(interviewRequests.id))
    .limit(listLimit);
  return rows.map((row) => detailOf(row as never));
}

export interface CompanyRequestsFilter {
  companyId?: number;
  editionId?: number;
  status?: string;
}

function companyConditions(filter: CompanyRequestsFilter) {
  const conditions = [isNotNull(interviewRequests.journalistId)];
  if (filter.companyId !== undefined) conditions.push(eq(exhibitors.companyId, filter.companyId));
  if (filter.editionId !== undefined) conditions.push(eq(exhibitors.editionId, filter.editionId));
  if (filter.status !== undefined) conditions.push(eq(interviewRequests.status, filter.status));
  return and(...conditions);
}

/** One page of the requests to a company (or every company's), newest first, and how many match. */
export async function requestsToCompany(
  db: Executor,
  filter: CompanyRequestsFilter,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: InterviewDetail[] }> {
  const where = companyConditions(filter);
  const [total] = await db
    .select({ count: count() })
    .from(interviewRequests)
    .innerJoin(exhibitors, eq(exhibitors.id, interviewRequests.exhibitorId))
    .where(where);
  const rows = await detailQuery(db)
    .where(where)
    .orderBy(desc(interviewRequests.createdAt), desc(interviewRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows: rows.map((row) => detailOf(row as never)) };
}

/** The editions the company's (or every company's) requests belong to, newest first (bounded). */
export async function editionsWithRequests(db: Executor, companyId?: number) {
  return db
    .selectDistinct({ id: fairEditions.id, name: fairEditions.name, startsOn: fairEditions.startsOn })
    .from(interviewRequests)
    .innerJoin(exhibitors, eq(exhibitors.id, interviewRequests.exhibitorId))
    .innerJoin(fairEditions, eq(fairEditions.id, exhibitors.editionId))
    .where(companyConditions({ companyId }))
    .orderBy(desc(fairEditions.startsOn), desc(fairEditions.id))
    .limit(50);
}

/**
 * Changes a request only if it still has one of the expected statuses (two people answering at once: the
 * second finds it changed). Answers the changed row, or null.
 */
export async function updateIfStatus(
  tx: Executor,
  id: number,
  expected: readonly string[],
  values: Partial<typeof interviewRequests.$inferInsert>,
) {
  const [row] = await tx
    .update(interviewRequests)
    .set(values)
    .where(and(eq(interviewRequests.id, id), inArray(interviewRequests.status, [...expected])))
    .returning();
  return row ?? null;
}

/** The company's press contacts who have an e-mail address, with the languages they speak. */
export async function contactAddresses(db: Executor, companyId: number) {
  return db
    .select({ email: companyPressContacts.email, languages: companyPressContacts.languages })
    .from(companyPressContacts)
    .where(and(eq(companyPressContacts.companyId, companyId), sql`${companyPressContacts.email} <> ''`))
    .orderBy(asc(companyPressContacts.position), asc(companyPressContacts.id));
}

export async function findEdition(db: Executor, id: number) {
  const [row] = await db
    .select({ id: fairEditions.id, name: fairEditions.name })
    .from(fairEditions)
    .where(eq(fairEditions.id, id));
  return row ?? null;
}

/**
 * Requests per exhibitor of the edition (numbers only), optionally one company's: received, accepted (ever: an
 * accepted interview cancelled later still counts), declined and cancelled.
 */
export async function countsOfEdition(db: Executor, editionId: number, companyId?: number) {
  const accepted = sql<number>`count(${interviewRequests.id}) filter (where ${interviewRequests.scheduledAt} is not null)`;
  const withStatus = (status: string) =>
    sql<number>`count(${interviewRequests.id}) filter (where ${interviewRequests.status} = ${status})`.mapWith(
      Number,
    );
  const conditions = [eq(exhibitors.editionId, editionId)];
  if (companyId !== undefined) conditions.push(eq(exhibitors.companyId, companyId));
  const rows = await db
    .select({
      exhibitor: exhibitors.id,
      company: exhibitors.companyId,
      name: companyName,
      received: count(interviewRequests.id),
      accepted: accepted.mapWith(Number),
      declined: withStatus('declined'),
      cancelled: withStatus('cancelled'),
    })
    .from(exhibitors)
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .leftJoin(interviewRequests, eq(interviewRequests.exhibitorId, exhibitors.id))
    .where(and(...conditions))
    .groupBy(exhibitors.id, exhibitors.companyId, companies.pubBusinessName, companies.businessName)
    .orderBy(sql`lower(${companyName})`, asc(exhibitors.id));
  return rows;
}

/**
 * The retention rule: requests of editions that ended before the day lose what identifies the journalist (the
 * row stays, so the counts after the fair do not change).
 */
export async function anonymiseEndedBefore(db: Executor, day: string) {
  const ended = db
    .select({ id: exhibitors.id })
    .from(exhibitors)
    .innerJoin(fairEditions, eq(fairEditions.id, exhibitors.editionId))
    .where(lt(fairEditions.endsOn, day));
  const rows = await db
    .update(interviewRequests)
    .set({
      journalistId: null,
      journalistName: '',
      outlet: '',
      email: '',
      phone: '',
      message: '',
      topic: '',
      place: '',
      declineReason: '',
      cancelReason: '',
    })
    .where(and(inArray(interviewRequests.exhibitorId, ended), isNotNull(interviewRequests.journalistId)))
    .returning({ id: interviewRequests.id });
  return rows.length;
}
