import {
  type Executor,
  fairEditions,
  programmeEvents,
  programmeFeedTokens,
  programmeSignups,
  users,
} from '@pressroom/db';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { listLimit } from './repository.ts';

// The personal calendar feed's queries: one secret address per user and site, and the events it lists.

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
