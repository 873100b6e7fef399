import {
  consents,
  type Executor,
  pressGroups,
  roleGroups,
  userPermissions,
  userRoleGroups,
  users,
} from '@pressroom/db';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { UserRow } from '../../lib/identity.ts';

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

export async function latestConsent(executor: Executor, userId: number) {
  const rows = await executor
    .select({
      version: consents.noticeVersion,
      acceptedAt: consents.acceptedAt,
      language: consents.language,
      siteName: pressGroups.name,
    })
    .from(consents)
    .leftJoin(pressGroups, eq(pressGroups.id, consents.pressGroupId))
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.acceptedAt), desc(consents.id))
    .limit(1);
  return rows[0] ?? null;
}
