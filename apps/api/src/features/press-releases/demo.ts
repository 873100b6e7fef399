import { createHash, randomBytes } from 'node:crypto';
import { pressReleaseTranslations, releasePreviewInvitations } from '@pressroom/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { demoCalendar } from '../../demo/demo-calendar.ts';
import type { DemoJournalist } from '../../demo/demo-journalists.ts';
import { embargoedReleaseTitle } from '../../demo/seed-demo.ts';

/**
 * The demo's embargoed release previewed by two named people: a demo journalist's account, who opened it twice,
 * and an address with a name, not opened yet. Their links were never mailed (only the tokens' hashes are kept):
 * the office's panel shows them, and inviting again sends a working link. Once, whichever site seeds first.
 */
export async function seedDemoPreviews(
  app: FastifyInstance,
  journalists: (DemoJournalist & { userId: number })[],
): Promise<{ invitations: number }> {
  const now = app.clock.now();
  const [release] = await app.db
    .select({ id: pressReleaseTranslations.pressReleaseId })
    .from(pressReleaseTranslations)
    .where(
      and(
        eq(pressReleaseTranslations.language, 'en'),
        eq(pressReleaseTranslations.title, embargoedReleaseTitle(demoCalendar(now).current.year)),
      ),
    )
    .limit(1);
  const [reader] = journalists;
  if (!release || !reader) return { invitations: 0 };
  const [existing] = await app.db
    .select({ id: releasePreviewInvitations.id })
    .from(releasePreviewInvitations)
    .where(eq(releasePreviewInvitations.pressReleaseId, release.id))
    .limit(1);
  if (existing) return { invitations: 0 };
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const tokenHash = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
  const rows = await app.db
    .insert(releasePreviewInvitations)
    .values([
      {
        pressReleaseId: release.id,
        userId: reader.userId,
        email: reader.email.toLowerCase(),
        name: `${reader.firstName} ${reader.lastName}`,
        language: reader.language,
        tokenHash: tokenHash(),
        sentAt: hoursAgo(5),
        firstOpenedAt: hoursAgo(4),
        lastOpenedAt: hoursAgo(1),
        openCount: 2,
      },
      {
        pressReleaseId: release.id,
        email: 'marta.lindqvist@nordic-interiors.example',
        name: 'Marta Lindqvist',
        language: 'en',
        tokenHash: tokenHash(),
        sentAt: hoursAgo(2),
      },
    ])
    .returning({ id: releasePreviewInvitations.id });
  return { invitations: rows.length };
}
