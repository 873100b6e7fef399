import {
  campaigns,
  mailQueue,
  pressReleases,
  pressReleaseTranslations,
  programmeEvents,
  readCounts,
  recipientLists,
  users,
} from '@pressroom/db';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailableEvent, mailableRelease } from '../../access/index.ts';
import type { Site } from '../../plugins/sites.ts';
import { processDueCampaigns } from './dispatch.ts';
import { recordPressMailAnswer } from './service.ts';

// The demo's press office mail, on the fair's site: the demo journalists' press data and their answers (all
// but the last agreed; the last was never asked, so signing in as them shows the question), two saved lists,
// and one campaign sent two days before with its figures: delivered, one withdrawal through it, a few reads;
// a list of the press of each of the seven languages; and the next event of the current edition's programme,
// to which the accredited were invited the day before. The office works in Italian, so its lists are named in
// Italian, as the rest of its back office; what a journalist receives is in their own language: the release
// sent is the one the office wrote in all seven, and the invitation's event has its texts in all seven too.

/** A list per language of the press, named as the office names it. */
const languageLists: [language: string, name: string][] = [
  ['it', 'Stampa in italiano'],
  ['en', 'Stampa in inglese'],
  ['fr', 'Stampa in francese'],
  ['es', 'Stampa in spagnolo'],
  ['de', 'Stampa in tedesco'],
  ['he', 'Stampa in ebraico'],
  ['ar', 'Stampa in arabo'],
];

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
        name: 'Riviste e quotidiani',
        filters: { media_types: ['magazines', 'newspapers'] },
        createdAt: sentAt,
        updatedAt: sentAt,
      },
      {
        pressGroupId: site.id,
        name: 'Accreditati alla fiera di quest’anno',
        filters: { edition: currentEditionId },
        createdAt: sentAt,
        updatedAt: sentAt,
      },
      ...languageLists.map(([language, name]) => ({
        pressGroupId: site.id,
        name,
        filters: { languages: [language] },
        createdAt: sentAt,
        updatedAt: sentAt,
      })),
    ])
    .returning({ id: recipientLists.id });
  const [magazines, accredited] = lists;
  // The newest release everyone may read on the site, in the most languages (each reader's subject in theirs):
  // what the office would have sent.
  const candidates = await app.db
    .select({ id: pressReleases.id })
    .from(pressReleases)
    .innerJoin(pressReleaseTranslations, eq(pressReleaseTranslations.pressReleaseId, pressReleases.id))
    .where(eq(pressReleases.status, 'published'))
    .groupBy(pressReleases.id)
    .orderBy(sql`count(*) desc`, desc(pressReleases.publicationDate), desc(pressReleases.id))
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
      listIds: [magazines.id, accredited.id],
      sendAt: now,
      createdAt: sentAt,
    })
    .returning();
  await processDueCampaigns(app, campaign.id);
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
  return { campaigns: 1 + (await seedDemoInvitation(app, site, currentEditionId, accredited.id, now)) };
}

/** The accredited invited, the day before, to the next event of the current edition's programme. */
async function seedDemoInvitation(
  app: FastifyInstance,
  site: Site,
  editionId: number,
  listId: number,
  now: Date,
) {
  const upcoming = await app.db
    .select({ id: programmeEvents.id })
    .from(programmeEvents)
    .where(and(eq(programmeEvents.editionId, editionId), gt(programmeEvents.startsAt, now)))
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.id))
    .limit(20);
  let eventId: number | null = null;
  for (const candidate of upcoming) {
    if (await mailableEvent(app.db, site.id, now, candidate.id)) {
      eventId = candidate.id;
      break;
    }
  }
  if (eventId === null) return 0;
  const invitedAt = new Date(now.getTime() - 86_400_000);
  const [invitation] = await app.db
    .insert(campaigns)
    .values({
      pressGroupId: site.id,
      programmeEventId: eventId,
      listIds: [listId],
      sendAt: now,
      createdAt: invitedAt,
    })
    .returning();
  await processDueCampaigns(app, invitation.id);
  await app.db
    .update(mailQueue)
    .set({ status: 'sent', sentAt: invitedAt, createdAt: invitedAt, nextAttemptAt: invitedAt })
    .where(eq(mailQueue.campaignId, invitation.id));
  await app.db
    .update(campaigns)
    .set({ sendAt: invitedAt, queuedAt: invitedAt })
    .where(eq(campaigns.id, invitation.id));
  return 1;
}
