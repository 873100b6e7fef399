import { type Language, maxFeaturedReleases } from '@pressroom/contract';
import { type Executor, pressGroups, pressReleaseGroups } from '@pressroom/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Viewer } from '../../access/index.ts';

import { releaseSource } from './list-repository.ts';
import { type ReleaseSummaryRow, releaseDefaultOrder, releaseTiebreaker } from './release-rows.ts';

// Featured releases: the slots of each site's Home.

/** A release's place on a site: undefined when the release is not on it; its slot (null: not featured). */
export async function siteMembership(
  db: Executor,
  releaseId: number,
  groupId: number,
): Promise<{ featuredSlot: number | null } | undefined> {
  const [row] = await db
    .select({ featuredSlot: pressReleaseGroups.featuredSlot })
    .from(pressReleaseGroups)
    .where(
      and(eq(pressReleaseGroups.pressReleaseId, releaseId), eq(pressReleaseGroups.pressGroupId, groupId)),
    );
  return row;
}

/**
 * Locks the site's row until the transaction ends, so the featurings of one site happen one after another
 * whichever server runs them; the slots' unique index holds the limit even without it.
 */
export async function lockSiteFeatures(tx: Executor, groupId: number) {
  await tx.select({ id: pressGroups.id }).from(pressGroups).where(eq(pressGroups.id, groupId)).for('update');
}

/** The site's slots in use (at most maxFeaturedReleases rows). */
export async function usedFeaturedSlots(db: Executor, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ slot: pressReleaseGroups.featuredSlot })
    .from(pressReleaseGroups)
    .where(and(eq(pressReleaseGroups.pressGroupId, groupId), isNotNull(pressReleaseGroups.featuredSlot)));
  return rows.map((row) => Number(row.slot));
}

export async function setFeaturedSlot(db: Executor, releaseId: number, groupId: number, slot: number | null) {
  await db
    .update(pressReleaseGroups)
    .set({ featuredSlot: slot })
    .where(
      and(eq(pressReleaseGroups.pressReleaseId, releaseId), eq(pressReleaseGroups.pressGroupId, groupId)),
    );
}

/** The site's featured releases the viewer may read, newest first, in `language` (or its fallback). */
export function featuredReleaseRows(
  db: Executor,
  viewer: Viewer,
  groupId: number,
  language: Language,
): Promise<ReleaseSummaryRow[]> {
  return releaseSource(db, viewer, { featuredOn: groupId }, language).rows({
    where: undefined,
    orderBy: [...releaseDefaultOrder, ...releaseTiebreaker],
    limit: maxFeaturedReleases,
    offset: 0,
  });
}
