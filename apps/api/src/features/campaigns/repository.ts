import { type RecipientFilters, recipientFiltersSchema } from '@pressroom/contract';
import {
  campaignMails,
  campaigns,
  type Executor,
  fairEditions,
  mailQueue,
  pressMailConsents,
  pressReleases,
  pressReleaseTranslations,
  programmeEvents,
  readCounts,
  recipientLists,
  users,
} from '@pressroom/db';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { releaseCoverFileId } from '../../lib/release-cover.ts';
import { recipientsCondition } from './recipients.ts';

/** drizzle's execute answers rows directly on one driver and as `{ rows }` on the other. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

// ------------------------------------------------------------------------------------------------ consent

export async function latestPressMailAnswer(db: Executor, userId: number) {
  const [row] = await db
    .select({ agreed: pressMailConsents.agreed, answeredAt: pressMailConsents.answeredAt })
    .from(pressMailConsents)
    .where(eq(pressMailConsents.userId, userId))
    .orderBy(desc(pressMailConsents.answeredAt), desc(pressMailConsents.id))
    .limit(1);
  return row ?? null;
}

export async function insertPressMailAnswer(db: Executor, values: typeof pressMailConsents.$inferInsert) {
  await db.insert(pressMailConsents).values(values);
}

/** Every answer of a user, oldest first: part of their data download. */
export function pressMailAnswersOf(db: Executor, userId: number) {
  return db
    .select()
    .from(pressMailConsents)
    .where(eq(pressMailConsents.userId, userId))
    .orderBy(asc(pressMailConsents.answeredAt), asc(pressMailConsents.id))
    .limit(1000);
}

export async function findCampaignMail(db: Executor, token: string) {
  const [row] = await db
    .select({ campaignId: campaignMails.campaignId, userId: campaignMails.userId })
    .from(campaignMails)
    .where(eq(campaignMails.token, token))
    .limit(1);
  return row ?? null;
}

/**
 * The user's campaign mails still waiting in the queue are dropped: a withdrawal holds at once, also for a
 * campaign queued before it. One a worker has already claimed is on its way.
 */
export async function dropUnsentCampaignMails(db: Executor, userId: number) {
  await db.execute(sql`update mail_queue m set status = 'withdrawn'
    from users u
    where u.id = ${userId} and m.campaign_id is not null and m.status = 'pending'
      and lower(m.to_address) = lower(u.email)`);
}

// ------------------------------------------------------------------------------------------------ lists

const listLimit = 200;

export const parseFilters = (stored: unknown): RecipientFilters => recipientFiltersSchema.parse(stored);

export function listsOfSite(db: Executor, siteId: number) {
  return db
    .select()
    .from(recipientLists)
    .where(eq(recipientLists.pressGroupId, siteId))
    .orderBy(asc(recipientLists.name), asc(recipientLists.id))
    .limit(listLimit);
}

export function listsByIds(db: Executor, siteId: number, ids: number[]) {
  return db
    .select()
    .from(recipientLists)
    .where(and(inArray(recipientLists.id, ids), eq(recipientLists.pressGroupId, siteId)))
    .limit(ids.length);
}

export async function insertList(db: Executor, values: typeof recipientLists.$inferInsert) {
  const [row] = await db.insert(recipientLists).values(values).returning();
  return row;
}

export async function updateList(
  db: Executor,
  siteId: number,
  id: number,
  values: Partial<typeof recipientLists.$inferInsert>,
) {
  const [row] = await db
    .update(recipientLists)
    .set(values)
    .where(and(eq(recipientLists.id, id), eq(recipientLists.pressGroupId, siteId)))
    .returning();
  return row ?? null;
}

export async function deleteList(db: Executor, siteId: number, id: number) {
  const rows = await db
    .delete(recipientLists)
    .where(and(eq(recipientLists.id, id), eq(recipientLists.pressGroupId, siteId)))
    .returning({ id: recipientLists.id });
  return rows.length > 0;
}

/** How many people the lists find now, each once. */
export async function countRecipients(db: Executor, lists: RecipientFilters[], siteId: number) {
  const result = await db.execute(
    sql`select count(*)::int as count from users u where ${recipientsCondition(lists, siteId)}`,
  );
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

/** Whether the edition and the event a list names belong to the site. */
export async function editionOnSite(db: Executor, siteId: number, editionId: number) {
  const [row] = await db
    .select({ id: fairEditions.id })
    .from(fairEditions)
    .where(and(eq(fairEditions.id, editionId), eq(fairEditions.pressGroupId, siteId)))
    .limit(1);
  return row !== undefined;
}

export async function eventOnSite(db: Executor, siteId: number, eventId: number) {
  const [row] = await db
    .select({ id: programmeEvents.id })
    .from(programmeEvents)
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .where(and(eq(programmeEvents.id, eventId), eq(fairEditions.pressGroupId, siteId)))
    .limit(1);
  return row !== undefined;
}

// ------------------------------------------------------------------------------------------------ releases

/** What a campaign mail shows of a release: each translation's title, subtitle and excerpt, and its cover. */
export async function releaseForMail(db: Executor, id: number) {
  const [release] = await db
    .select({
      id: pressReleases.id,
      year: sql<number>`extract(year from ${pressReleases.publicationDate})::int`,
      number: pressReleases.number,
      coverFileId: pressReleases.coverFileId,
    })
    .from(pressReleases)
    .where(eq(pressReleases.id, id))
    .limit(1);
  if (!release) return null;
  const translations = await db
    .select({
      language: pressReleaseTranslations.language,
      title: pressReleaseTranslations.title,
      subtitle: pressReleaseTranslations.subtitle,
      excerpt: sql<string>`left(${pressReleaseTranslations.bodyText}, 400)`,
    })
    .from(pressReleaseTranslations)
    .where(eq(pressReleaseTranslations.pressReleaseId, id))
    .orderBy(asc(pressReleaseTranslations.language))
    .limit(20);
  const coverId = await releaseCoverFileId(db, id, release.coverFileId);
  return {
    ...release,
    translations: translations.map((row) => ({ ...row, excerpt: row.excerpt.replace(/\s+/g, ' ').trim() })),
    coverId,
  };
}
export type ReleaseForMail = NonNullable<Awaited<ReturnType<typeof releaseForMail>>>;

// ------------------------------------------------------------------------------------------------ events

/** What an invitation shows of an event: its title and description per language, time, zone and place. */
export async function eventForMail(db: Executor, id: number) {
  const [event] = await db
    .select({
      id: programmeEvents.id,
      title: programmeEvents.title,
      description: programmeEvents.description,
      startsAt: programmeEvents.startsAt,
      hall: programmeEvents.hall,
      room: programmeEvents.room,
      stand: programmeEvents.stand,
      timeZone: fairEditions.timeZone,
    })
    .from(programmeEvents)
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .where(eq(programmeEvents.id, id))
    .limit(1);
  return event ?? null;
}
export type EventForMail = NonNullable<Awaited<ReturnType<typeof eventForMail>>>;

/** The titles and starts of the events campaigns invite to. */
export async function eventSummaries(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { title: Record<string, string>; startsAt: Date }>();
  const rows = await db
    .select({ id: programmeEvents.id, title: programmeEvents.title, startsAt: programmeEvents.startsAt })
    .from(programmeEvents)
    .where(inArray(programmeEvents.id, ids))
    .limit(ids.length);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The country of a user's press data (their zone in an invitation's test). */
export async function countryOf(db: Executor, userId: number) {
  const [row] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.country ?? null;
}

/**
 * The token of the sender's own test mails (no campaign): their withdrawal link works as any other, for the
 * one person it goes to. Made once per person and kept.
 */
export async function testMailToken(db: Executor, userId: number) {
  const [found] = await db
    .select({ token: campaignMails.token })
    .from(campaignMails)
    .where(and(eq(campaignMails.userId, userId), isNull(campaignMails.campaignId)))
    .limit(1);
  if (found) return found.token;
  const [made] = await db
    .insert(campaignMails)
    .values({ campaignId: null, userId })
    .returning({ token: campaignMails.token });
  return made.token;
}

// ------------------------------------------------------------------------------------------------ campaigns

const campaignLimit = 100;

export async function insertCampaign(db: Executor, values: typeof campaigns.$inferInsert) {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row;
}

export function campaignsOfSite(db: Executor, siteId: number) {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.pressGroupId, siteId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(campaignLimit);
}

/** The release titles shown beside campaigns: one translation each, the language asked for first. */
export async function releaseTitles(db: Executor, ids: number[], language: string) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectDistinctOn([pressReleaseTranslations.pressReleaseId], {
      id: pressReleaseTranslations.pressReleaseId,
      title: pressReleaseTranslations.title,
    })
    .from(pressReleaseTranslations)
    .where(inArray(pressReleaseTranslations.pressReleaseId, ids))
    .orderBy(
      pressReleaseTranslations.pressReleaseId,
      sql`(${pressReleaseTranslations.language} = ${language}) desc`,
      sql`(${pressReleaseTranslations.language} = 'en') desc`,
      asc(pressReleaseTranslations.language),
    )
    .limit(ids.length);
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Each campaign's figures, in aggregate: mails sent and failed, withdrawals through it, reads from it. */
export async function campaignFigures(db: Executor, ids: number[]) {
  const figures = new Map<number, { sent: number; failed: number; unsubscribed: number; reads: number }>();
  if (ids.length === 0) return figures;
  for (const id of ids) figures.set(id, { sent: 0, failed: 0, unsubscribed: 0, reads: 0 });
  const mails = await db
    .select({
      id: mailQueue.campaignId,
      sent: sql<number>`count(*) filter (where ${mailQueue.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${mailQueue.status} in ('pending', 'sending') and ${mailQueue.attempts} > 0)::int`,
    })
    .from(mailQueue)
    .where(inArray(mailQueue.campaignId, ids))
    .groupBy(mailQueue.campaignId);
  for (const row of mails)
    Object.assign(figures.get(row.id ?? 0) ?? {}, { sent: row.sent, failed: row.failed });
  const withdrawals = await db
    .select({ id: pressMailConsents.campaignId, count: sql<number>`count(*)::int` })
    .from(pressMailConsents)
    .where(and(inArray(pressMailConsents.campaignId, ids), eq(pressMailConsents.agreed, false)))
    .groupBy(pressMailConsents.campaignId);
  for (const row of withdrawals) Object.assign(figures.get(row.id ?? 0) ?? {}, { unsubscribed: row.count });
  const reads = await db
    .select({ id: readCounts.itemId, count: sql<number>`sum(${readCounts.count})::int` })
    .from(readCounts)
    .where(and(eq(readCounts.kind, 'campaign_read'), inArray(readCounts.itemId, ids)))
    .groupBy(readCounts.itemId);
  for (const row of reads) Object.assign(figures.get(row.id) ?? {}, { reads: row.count });
  return figures;
}
