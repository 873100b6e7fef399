import {
  awardCategories,
  awardEntries,
  awards,
  companies,
  consents,
  contactMessages,
  coverage,
  type Executor,
  errorReports,
  pressGroups,
  roleGroups,
  userPermissions,
  userRoleGroups,
  users,
} from '@pressroom/db';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { UserRow } from '../../lib/identity.ts';
import { preparedPerExecutor } from '../../lib/prepared.ts';

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, 'id'>>;

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | null> {
  const rows = await executor
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(executor: Executor, id: number): Promise<UserRow | null> {
  const rows = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(executor: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await executor.insert(users).values(values).returning();
  return row;
}

export async function updateUser(executor: Executor, id: number, changes: UserChanges): Promise<UserRow> {
  const [row] = await executor.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Moves the user's tokens-valid-after stamp to `now`, or one millisecond past its current value when that is
 * not earlier, so the stamp always changes and every token issued before is refused.
 */
export async function replacePassword(
  executor: Executor,
  id: number,
  passwordHash: string,
  now: Date,
): Promise<UserRow> {
  const [row] = await executor
    .update(users)
    .set({
      passwordHash,
      tokensValidAfter: sql`greatest(${now.toISOString()}::timestamptz, ${users.tokensValidAfter} + interval '1 millisecond')`,
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Adds the named role groups to a user (names that are not role groups are ignored by the caller's check). */
export async function addRoles(executor: Executor, userId: number, roleNames: readonly string[]) {
  if (roleNames.length === 0) return;
  const groups = await executor
    .select()
    .from(roleGroups)
    .where(inArray(roleGroups.name, [...roleNames]));
  if (groups.length === 0) return;
  await executor
    .insert(userRoleGroups)
    .values(groups.map((group) => ({ userId, roleGroupId: group.id })))
    .onConflictDoNothing();
}

export async function addExtraPermissions(executor: Executor, userId: number, names: readonly string[]) {
  if (names.length === 0) return;
  await executor
    .insert(userPermissions)
    .values(names.map((permission) => ({ userId, permission })))
    .onConflictDoNothing();
}

export async function insertConsent(executor: Executor, values: typeof consents.$inferInsert) {
  await executor.insert(consents).values(values);
}

// Prepared once per executor (lib/prepared.ts): token refresh and the profile read it on every call.
const latestConsentQuery = preparedPerExecutor((executor) =>
  executor
    .select({
      version: consents.noticeVersion,
      acceptedAt: consents.acceptedAt,
      language: consents.language,
      siteName: pressGroups.name,
    })
    .from(consents)
    .leftJoin(pressGroups, eq(pressGroups.id, consents.pressGroupId))
    .where(eq(consents.userId, sql.placeholder('userId')))
    .orderBy(desc(consents.acceptedAt), desc(consents.id))
    .limit(1)
    .prepare('latest_consent'),
);

export async function latestConsent(executor: Executor, userId: number) {
  const rows = await latestConsentQuery(executor).execute({ userId });
  return rows[0] ?? null;
}

/** Bound of a user's own records of one kind in the data download: above what the rate limits let them send. */
const ownRecordsLimit = 5_000;

/** Every consent of a user, oldest first. */
export async function allConsents(executor: Executor, userId: number) {
  return executor
    .select({
      version: consents.noticeVersion,
      acceptedAt: consents.acceptedAt,
      language: consents.language,
      siteName: pressGroups.name,
    })
    .from(consents)
    .leftJoin(pressGroups, eq(pressGroups.id, consents.pressGroupId))
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.acceptedAt), asc(consents.id))
    .limit(ownRecordsLimit);
}

export async function findCompanyName(executor: Executor, companyId: number) {
  const rows = await executor
    .select({ id: companies.id, businessName: companies.businessName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return rows[0] ?? null;
}

/** The messages a user sent through the contact form, oldest first (bounded: the form is rate-limited). */
export async function contactMessagesOf(executor: Executor, userId: number) {
  return executor
    .select({ message: contactMessages, siteName: pressGroups.name })
    .from(contactMessages)
    .leftJoin(pressGroups, eq(pressGroups.id, contactMessages.pressGroupId))
    .where(eq(contactMessages.userId, userId))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(ownRecordsLimit);
}

/** The user's entries in journalism awards, with the piece each enters (bounded: a handful per award). */
export async function awardEntriesOf(executor: Executor, userId: number) {
  return executor
    .select({
      id: awardEntries.id,
      award: awards.name,
      category: awardCategories.name,
      statement: awardEntries.statement,
      winner: awardEntries.winner,
      createdAt: awardEntries.createdAt,
      title: coverage.title,
      url: coverage.url,
    })
    .from(awardEntries)
    .innerJoin(awardCategories, eq(awardCategories.id, awardEntries.categoryId))
    .innerJoin(awards, eq(awards.id, awardCategories.awardId))
    .innerJoin(coverage, eq(coverage.id, awardEntries.coverageId))
    .where(eq(awardEntries.journalistId, userId))
    .orderBy(asc(awardEntries.createdAt), asc(awardEntries.id))
    .limit(1000);
}

/** The crash reports a user sent while signed in, oldest first (bounded: sending them is rate-limited). */
export async function errorReportsOf(executor: Executor, userId: number) {
  return executor
    .select()
    .from(errorReports)
    .where(eq(errorReports.userId, userId))
    .orderBy(asc(errorReports.createdAt), asc(errorReports.id))
    .limit(ownRecordsLimit);
}

/**
 * Deletes users and everything that is theirs. Role groups, extra permissions and consents go with the row
 * (ON DELETE CASCADE); contact messages and crash reports would only lose their link to the user (SET NULL)
 * and still hold the name and address, so they are deleted here first. Releases and imports the user created
 * stay, without their author. Run it inside a transaction.
 */
export async function deleteUsers(executor: Executor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await executor.delete(contactMessages).where(inArray(contactMessages.userId, ids));
  await executor.delete(errorReports).where(inArray(errorReports.userId, ids));
  const deleted = await executor.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return deleted.length;
}

/** Sign-ups whose e-mail was never verified and that joined before `joinedBefore`. */
export async function unverifiedUserIds(executor: Executor, joinedBefore: Date): Promise<number[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.emailVerifiedAt), lt(users.dateJoined, joinedBefore)));
  return rows.map((row) => row.id);
}

/**
 * Marks the press data of journalists who joined before `restrictFrom` as restricted (as of that moment) and
 * switches their accounts off; answers their ids. Journalists are the users with press registration data (a qualify); staff
 * accounts have none and are left alone.
 */
export async function restrictPressData(executor: Executor, restrictFrom: Date): Promise<number[]> {
  const rows = await executor
    .update(users)
    .set({ pressDataRestrictedAt: restrictFrom, isActive: false })
    .where(
      and(isNull(users.pressDataRestrictedAt), isNotNull(users.qualify), lt(users.dateJoined, restrictFrom)),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** Users whose press data was restricted at or before `restrictedBy`. */
export async function restrictedUserIds(executor: Executor, restrictedBy: Date): Promise<number[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(lte(users.pressDataRestrictedAt, restrictedBy));
  return rows.map((row) => row.id);
}
