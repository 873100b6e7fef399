import { privacyNoticeVersion } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../../lib/api-error.ts';
import { toAuthUser } from '../../lib/identity.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { pressMailAnswersOf } from '../campaigns/index.ts';
import { basketContents } from '../gallery/index.ts';
import { endPlacesOf, type PlacesDeps } from '../programme/index.ts';
import * as exported from './export-repository.ts';
import {
  allConsents,
  awardEntriesOf,
  contactMessagesOf,
  deleteUsers,
  errorReportsOf,
  findCompanyName,
  findUserById,
  insertConsent,
} from './repository.ts';
import { type AccountDeps, loadProfile, type RequestContext } from './service.ts';

// The user's rights of PRODUCT.md section 8: consent again when the notice changes, download, deletion.

/**
 * Records that the user accepted the current privacy notice, on this site, in the language it was read in.
 * When the client says which version it showed and that is no longer the current one, nothing is recorded.
 */
export async function recordConsent(
  deps: AccountDeps,
  userId: number,
  context: RequestContext,
  shownVersion: string | undefined,
) {
  if (shownVersion !== undefined && shownVersion !== privacyNoticeVersion) {
    throw validationError({ version: ['consentVersionOutdated'] });
  }
  await insertConsent(deps.db, {
    userId,
    acceptedAt: deps.clock.now(),
    pressGroupId: context.site.id,
    noticeVersion: privacyNoticeVersion,
    language: context.language,
  });
  const profile = await loadProfile(deps, userId);
  if (!profile.consent) throw new Error('the consent just recorded is missing');
  return { ...profile, consent: profile.consent };
}

/**
 * Everything kept about one user, for the data download (PRODUCT.md sections 8 and 13): the account, and each
 * record the product keeps of them in the other features. Material linked to their records (the releases a
 * piece covers) is named only while they may read it.
 */
export async function collectAccountData(app: FastifyInstance, userId: number) {
  const profile = await loadProfile(app, userId);
  const { user } = profile.identity;
  const authUser = toAuthUser(profile.identity);
  const viewer = { pressAccess: authUser.permissions.has('press_area.access'), now: app.clock.now() };
  const coverageReports = await exported.coverageReportsOf(app.db, userId);
  const coverageIds = coverageReports.map(({ report }) => report.id);
  const accreditationRequests = await exported.accreditationRequestsOf(app.db, userId);
  return {
    profile,
    company: user.companyId === null ? null : await findCompanyName(app.db, user.companyId),
    consents: await allConsents(app.db, userId),
    contactMessages: await contactMessagesOf(app.db, userId),
    errorReports: await errorReportsOf(app.db, userId),
    awardEntries: await awardEntriesOf(app.db, userId),
    awardScores: await exported.awardScoresOf(app.db, userId),
    juries: await exported.juriesOf(app.db, userId),
    interviewRequests: await exported.interviewRequestsOf(app.db, userId),
    previewInvitations: await exported.previewInvitationsOf(app.db, userId),
    coverageReports,
    coveredReleases: await exported.coveredReleases(app.db, coverageIds, viewer, user.language),
    coveredExhibitors: await exported.coveredExhibitors(app.db, coverageIds),
    programmeSignups: await exported.programmeSignupsOf(app.db, userId),
    calendarFeeds: await exported.calendarFeedsOf(app.db, userId),
    accreditationRequests,
    proofs: await exported.proofsOf(
      app.db,
      accreditationRequests.map(({ request }) => request.id),
    ),
    alertSubscriptions: await exported.alertSubscriptionsOf(app.db, userId, user.email),
    pressMailAnswers: await pressMailAnswersOf(app.db, userId),
    videoUploads: await exported.videoUploadsOf(app.db, userId),
    basket: await basketContents(app, authUser),
  };
}
export type AccountData = Awaited<ReturnType<typeof collectAccountData>>;

/**
 * Deletes the signed-in user's account once the current password is confirmed; a wrong password changes
 * nothing. Its programme places are freed first (the first waiting promoted and mailed). Earlier tokens die
 * with the row: the auth plugin finds no user for them.
 */
export async function deleteAccount(deps: AccountDeps & PlacesDeps, userId: number, password: string) {
  const user = await findUserById(deps.db, userId);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw validationError({ password: ['oldPasswordWrong'] });
  }
  await deps.db.transaction(async (tx) => {
    // Its programme places go to the waiting lists before the sign-ups would go with the row.
    await endPlacesOf(deps, tx, [user.id], { deleting: true });
    await deleteUsers(tx, [user.id]);
  });
}
