import {
  accreditationProofs,
  accreditationRequests,
  alertSubscriptions,
  awardCategories,
  awardCategoryJurors,
  awardEntries,
  awardScores,
  awards,
  companies,
  coverage,
  coverageExhibitors,
  coverageReleases,
  type Executor,
  exhibitors,
  fairEditions,
  interviewRequests,
  pressGroups,
  pressReleaseGroups,
  pressReleases,
  programmeEvents,
  programmeFeedTokens,
  programmeSignups,
  releasePreviewInvitations,
  videoUploads,
} from '@pressroom/db';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Viewer, visibleTo } from '../../access/index.ts';

// The data download's reads of the records other features keep about a user (PRODUCT.md sections 8 and 13),
// read directly from their tables, never through those features' code. Each is bounded: by a LIMIT well above
// what the product's quotas let one user hold, or by the ids of rows already bounded so.

/** Above what any one user's records of a kind reach (a few fairs' worth of the per-fair quotas). */
const perUserLimit = 2_000;

const companyName = sql<string>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;

/**
 * Interview requests the user sent (ten open per fair at most), with their exhibitor and edition. Requests the
 * retention rule anonymised have no user any more and are not theirs to download.
 */
export function interviewRequestsOf(executor: Executor, userId: number) {
  const consentSite = alias(pressGroups, 'consent_site');
  return executor
    .select({
      request: interviewRequests,
      exhibitorName: companyName,
      editionId: fairEditions.id,
      editionName: fairEditions.name,
      siteName: pressGroups.name,
      consentSiteName: consentSite.name,
    })
    .from(interviewRequests)
    .innerJoin(exhibitors, eq(exhibitors.id, interviewRequests.exhibitorId))
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .innerJoin(fairEditions, eq(fairEditions.id, exhibitors.editionId))
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .leftJoin(consentSite, eq(consentSite.id, interviewRequests.consentPressGroupId))
    .where(eq(interviewRequests.journalistId, userId))
    .orderBy(asc(interviewRequests.createdAt), asc(interviewRequests.id))
    .limit(perUserLimit);
}

/** The embargo previews the user was invited to by their account (two hundred a release at most). */
export function previewInvitationsOf(executor: Executor, userId: number) {
  return executor
    .select()
    .from(releasePreviewInvitations)
    .where(eq(releasePreviewInvitations.userId, userId))
    .orderBy(asc(releasePreviewInvitations.createdAt), asc(releasePreviewInvitations.id))
    .limit(perUserLimit);
}

/** The coverage the user reported, on every site, with its site and edition. */
export function coverageReportsOf(executor: Executor, userId: number) {
  return executor
    .select({ report: coverage, siteName: pressGroups.name, editionName: fairEditions.name })
    .from(coverage)
    .innerJoin(pressGroups, eq(pressGroups.id, coverage.pressGroupId))
    .leftJoin(fairEditions, eq(fairEditions.id, coverage.editionId))
    .where(eq(coverage.reporterId, userId))
    .orderBy(asc(coverage.createdAt), asc(coverage.id))
    .limit(perUserLimit);
}

/**
 * The releases these pieces cover that the viewer may read on the piece's site (the releases' one rule), each
 * with its title in the viewer's language, else the first written. Bounded by the pieces (20 releases each).
 */
export function coveredReleases(executor: Executor, coverageIds: number[], viewer: Viewer, language: string) {
  if (coverageIds.length === 0) return Promise.resolve([]);
  return executor
    .select({
      coverageId: coverageReleases.coverageId,
      id: pressReleases.id,
      title: sql<string>`coalesce((select t.title from press_release_translations t
        where t.press_release_id = ${pressReleases.id}
        order by (t.language = ${language}) desc, t.id limit 1), '')`,
    })
    .from(coverageReleases)
    .innerJoin(pressReleases, eq(pressReleases.id, coverageReleases.pressReleaseId))
    .innerJoin(coverage, eq(coverage.id, coverageReleases.coverageId))
    .where(
      and(
        inArray(coverageReleases.coverageId, coverageIds),
        visibleTo(viewer),
        sql`exists (select 1 from ${pressReleaseGroups} where ${pressReleaseGroups.pressReleaseId} = ${pressReleases.id}
          and ${pressReleaseGroups.pressGroupId} = ${coverage.pressGroupId})`,
      ),
    )
    .orderBy(asc(coverageReleases.coverageId), asc(pressReleases.id));
}

/** The exhibitors these pieces name, by their companies' shown names. Bounded by the pieces (50 each). */
export function coveredExhibitors(executor: Executor, coverageIds: number[]) {
  if (coverageIds.length === 0) return Promise.resolve([]);
  return executor
    .select({ coverageId: coverageExhibitors.coverageId, id: exhibitors.id, name: companyName })
    .from(coverageExhibitors)
    .innerJoin(exhibitors, eq(exhibitors.id, coverageExhibitors.exhibitorId))
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(inArray(coverageExhibitors.coverageId, coverageIds))
    .orderBy(asc(coverageExhibitors.coverageId), asc(exhibitors.id));
}

/** The user's sign-ups to the press programme (one per event), with their event, its edition and site. */
export function programmeSignupsOf(executor: Executor, userId: number) {
  return executor
    .select({
      signup: programmeSignups,
      event: {
        id: programmeEvents.id,
        title: programmeEvents.title,
        startsAt: programmeEvents.startsAt,
        endsAt: programmeEvents.endsAt,
        hall: programmeEvents.hall,
        room: programmeEvents.room,
        stand: programmeEvents.stand,
      },
      editionName: fairEditions.name,
      siteName: pressGroups.name,
    })
    .from(programmeSignups)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeSignups.eventId))
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .where(eq(programmeSignups.userId, userId))
    .orderBy(asc(programmeEvents.startsAt), asc(programmeSignups.id))
    .limit(perUserLimit);
}

/** The sites where the user has a calendar feed (one per site; the token's hash stays out). */
export function calendarFeedsOf(executor: Executor, userId: number) {
  return executor
    .select({
      siteName: pressGroups.name,
      language: programmeFeedTokens.language,
      createdAt: programmeFeedTokens.createdAt,
    })
    .from(programmeFeedTokens)
    .innerJoin(pressGroups, eq(pressGroups.id, programmeFeedTokens.pressGroupId))
    .where(eq(programmeFeedTokens.userId, userId))
    .orderBy(asc(programmeFeedTokens.createdAt), asc(programmeFeedTokens.id))
    .limit(perUserLimit);
}

/** The scores the user gave as a juror (one per entry of the categories they judge), with the entry scored. */
export function awardScoresOf(executor: Executor, userId: number) {
  return executor
    .select({
      entryId: awardScores.entryId,
      award: awards.name,
      category: awardCategories.name,
      title: coverage.title,
      url: coverage.url,
      score: awardScores.score,
      comment: awardScores.comment,
      updatedAt: awardScores.updatedAt,
    })
    .from(awardScores)
    .innerJoin(awardEntries, eq(awardEntries.id, awardScores.entryId))
    .innerJoin(awardCategories, eq(awardCategories.id, awardEntries.categoryId))
    .innerJoin(awards, eq(awards.id, awardCategories.awardId))
    .innerJoin(coverage, eq(coverage.id, awardEntries.coverageId))
    .where(eq(awardScores.jurorId, userId))
    .orderBy(asc(awards.id), asc(awardCategories.position), asc(awardScores.entryId))
    .limit(perUserLimit);
}

/** The award categories the user judges. */
export function juriesOf(executor: Executor, userId: number) {
  return executor
    .select({ categoryId: awardCategories.id, award: awards.name, category: awardCategories.name })
    .from(awardCategoryJurors)
    .innerJoin(awardCategories, eq(awardCategories.id, awardCategoryJurors.categoryId))
    .innerJoin(awards, eq(awards.id, awardCategories.awardId))
    .where(eq(awardCategoryJurors.userId, userId))
    .orderBy(asc(awards.id), asc(awardCategories.position), asc(awardCategories.id))
    .limit(perUserLimit);
}

/** The user's accreditation requests (one per edition), with the edition and its site. */
export function accreditationRequestsOf(executor: Executor, userId: number) {
  return executor
    .select({
      request: accreditationRequests,
      edition: {
        id: fairEditions.id,
        name: fairEditions.name,
        startsOn: fairEditions.startsOn,
        endsOn: fairEditions.endsOn,
      },
      siteName: pressGroups.name,
    })
    .from(accreditationRequests)
    .innerJoin(fairEditions, eq(fairEditions.id, accreditationRequests.editionId))
    .innerJoin(pressGroups, eq(pressGroups.id, fairEditions.pressGroupId))
    .where(eq(accreditationRequests.userId, userId))
    .orderBy(asc(accreditationRequests.createdAt), asc(accreditationRequests.id))
    .limit(perUserLimit);
}

/** The proof documents of these requests (a few files each): their names, never their stored paths. */
export function proofsOf(executor: Executor, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return executor
    .select({
      requestId: accreditationProofs.requestId,
      fileName: accreditationProofs.fileName,
      mime: accreditationProofs.mime,
      size: accreditationProofs.size,
      createdAt: accreditationProofs.createdAt,
    })
    .from(accreditationProofs)
    .where(inArray(accreditationProofs.requestId, requestIds))
    .orderBy(asc(accreditationProofs.requestId), asc(accreditationProofs.id));
}

/**
 * The e-mail alerts of the user's address (one per site, whoever subscribed it) and those they made while
 * signed in; an address of theirs is theirs whether or not the subscription was made signed in.
 */
export function alertSubscriptionsOf(executor: Executor, userId: number, email: string) {
  return executor
    .select({ subscription: alertSubscriptions, siteName: pressGroups.name })
    .from(alertSubscriptions)
    .innerJoin(pressGroups, eq(pressGroups.id, alertSubscriptions.pressGroupId))
    .where(
      or(
        eq(alertSubscriptions.userId, userId),
        sql`lower(${alertSubscriptions.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .orderBy(asc(alertSubscriptions.createdAt), asc(alertSubscriptions.id))
    .limit(perUserLimit);
}

/** Video uploads the user started that are kept (a job removes those left unfinished for a day). */
export function videoUploadsOf(executor: Executor, userId: number) {
  return executor
    .select({
      fileName: videoUploads.fileName,
      declaredSize: videoUploads.declaredSize,
      receivedSize: videoUploads.receivedSize,
      createdAt: videoUploads.createdAt,
    })
    .from(videoUploads)
    .where(eq(videoUploads.createdById, userId))
    .orderBy(asc(videoUploads.createdAt), asc(videoUploads.id))
    .limit(perUserLimit);
}
