import { campaigns, mailQueue, pressReleases, readCounts, recipientLists, users } from '@pressroom/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailableRelease } from '../../access/index.ts';
import type { Site } from '../../plugins/sites.ts';
import { processDueCampaigns } from './dispatch.ts';
import { recordPressMailAnswer } from './service.ts';

// The demo's press office mail, on the fair's site: the demo journalists' press data and their answers (all
// but the last agreed; the last was never asked, so signing in as them shows the question), two saved lists,
// and one campaign sent two days before with its figures: delivered, one withdrawal through it, a few reads.

const countries: Record<string, string> = { it: 'IT', fr: 'FR', de: 'DE', es: 'ES', he: 'IL', ar: 'AE' };

export async function seedDemoCampaigns(
  app: FastifyInstance,
  site: Site,
  currentEditionId: number,
  journalists: { userId: number; language: string; outlet: string; mediaType: string }[],
) {
  const [existing] = await app.db
    .select({ id: recipientLists.id })
    .from(recipientLists)
    .where(eq(recipientLists.pressGroupId, site.id))
    .limit(1);
  if (existing) return { campaigns: 0 };
  const now = app.clock.now();
  const sentAt = new Date(now.getTime() - 2 * 86_400_000);
  for (const [index, journalist] of journalists.entries()) {
    await app.db
      .update(users)
      .set({
        mediaType: journalist.mediaType,
        newspaper: journalist.outlet,
        country: countries[journalist.language] ?? '',
        sector: index % 2 === 0 ? 'design' : 'architecture_construction',
      })
      .where(and(eq(users.id, journalist.userId), isNull(users.mediaType)));
    if (index < journalists.length - 1) {
      const context = { site, language: journalist.language };
      await recordPressMailAnswer(app.db, journalist.userId, true, context, sentAt);
    }
  }
  const lists = await app.db
    .insert(recipientLists)
    .values([
      {
        pressGroupId: site.id,
        name: 'Magazines and newspapers',
        filters: { media_types: ['magazines', 'newspapers'] },
        createdAt: sentAt,
        updatedAt: sentAt,
      },
      {
        pressGroupId: site.id,
        name: 'Accredited for this year’s fair',
        filters: { edition: currentEditionId },
        createdAt: sentAt,
        updatedAt: sentAt,
      },
    ])
    .returning({ id: recipientLists.id });
  // The newest release everyone may read on the site: what the office would have sent.
  const candidates = await app.db
    .select({ id: pressReleases.id })
    .from(pressReleases)
    .where(eq(pressReleases.status, 'published'))
    .orderBy(desc(pressReleases.publicationDate), desc(pressReleases.id))
    .limit(20);
  let releaseId: number | null = null;
  for (const candidate of candidates) {
    if ((await mailableRelease(app.db, site.id, now, candidate.id)).state === 'readable') {
      releaseId = candidate.id;
      break;
    }
  }
  if (releaseId === null) return { campaigns: 0 };
  const [campaign] = await app.db
    .insert(campaigns)
    .values({
      pressGroupId: site.id,
      pressReleaseId: releaseId,
      listIds: lists.map((list) => list.id),
      sendAt: now,
      createdAt: sentAt,
    })
    .returning();
  await processDueCampaigns(app);
  // Sent two days ago: delivered, not to be delivered again by the demo's server.
  await app.db
    .update(mailQueue)
    .set({ status: 'sent', sentAt, createdAt: sentAt, nextAttemptAt: sentAt })
    .where(eq(mailQueue.campaignId, campaign.id));
  await app.db
    .update(campaigns)
    .set({ sendAt: sentAt, queuedAt: sentAt })
    .where(eq(campaigns.id, campaign.id));
  // One of those who agreed, and were mailed, withdrew through it.
  const [withdrawing] = journalists
    .slice(0, -1)
    .filter((journalist) => journalist.mediaType === 'magazines')
    .slice(-1);
  if (withdrawing) {
    await recordPressMailAnswer(
      app.db,
      withdrawing.userId,
      false,
      { site, language: withdrawing.language },
      new Date(sentAt.getTime() + 3_600_000),
      campaign.id,
    );
  }
  await app.db
    .insert(readCounts)
    .values({
      day: sentAt.toISOString().slice(0, 10),
      pressGroupId: site.id,
      kind: 'campaign_read',
      itemId: campaign.id,
      language: 'it',
      count: 3,
    })
    .onConflictDoUpdate({
      target: [
        readCounts.day,
        readCounts.pressGroupId,
        readCounts.kind,
        readCounts.itemId,
        readCounts.language,
        readCounts.mediaType,
        readCounts.country,
        readCounts.countryUnmapped,
      ],
      set: { count: sql`${readCounts.count} + excluded.count` },
    });
  return { campaigns: 1 };
}
