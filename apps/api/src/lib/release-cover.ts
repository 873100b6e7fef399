import { type Executor, pressReleaseFiles } from '@pressroom/db';
import { and, asc, eq, sql } from 'drizzle-orm';

/**
 * The picture a release's mails show as its cover: the one its editors chose, else its first picture with a
 * thumbnail; null when it has none. One rule for every mail that shows a release (alerts, campaigns).
 */
export async function releaseCoverFileId(
  db: Executor,
  releaseId: number,
  chosenFileId: number | null,
): Promise<number | null> {
  const [cover] = await db
    .select({ id: pressReleaseFiles.id })
    .from(pressReleaseFiles)
    .where(
      and(
        eq(pressReleaseFiles.pressReleaseId, releaseId),
        eq(pressReleaseFiles.kind, 'image'),
        sql`${pressReleaseFiles.thumbnailPath} is not null`,
      ),
    )
    .orderBy(
      sql`(${pressReleaseFiles.id} is not distinct from ${chosenFileId}::int) desc`,
      asc(pressReleaseFiles.position),
      asc(pressReleaseFiles.id),
    )
    .limit(1);
  return cover?.id ?? null;
}
