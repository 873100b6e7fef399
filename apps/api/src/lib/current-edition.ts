import { type Executor, fairEditions } from '@pressroom/db';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';

export type EditionRow = typeof fairEditions.$inferSelect;

/**
 * The edition a site shows (its exhibitors' directory, its programme): the one under way or coming next (the
 * soonest to end of those not over), else the latest that ended. One rule, so that every screen and page of a
 * site speaks of the same edition.
 */
export async function currentEdition(
  db: Executor,
  siteId: number,
  today: string,
): Promise<EditionRow | null> {
  const [open] = await db
    .select()
    .from(fairEditions)
    .where(and(eq(fairEditions.pressGroupId, siteId), gte(fairEditions.endsOn, today)))
    .orderBy(asc(fairEditions.endsOn), asc(fairEditions.id))
    .limit(1);
  if (open) return open;
  const [ended] = await db
    .select()
    .from(fairEditions)
    .where(and(eq(fairEditions.pressGroupId, siteId), lt(fairEditions.endsOn, today)))
    .orderBy(desc(fairEditions.endsOn), desc(fairEditions.id))
    .limit(1);
  return ended ?? null;
}
