import { privacyNoticeVersion } from '@pressroom/contract';
import { validationError } from '../../lib/api-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { endPlacesOf, type PlacesDeps } from '../programme/index.ts';
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

/** Everything kept about one user, for the data download. */
export async function collectAccountData(deps: AccountDeps, userId: number) {
  const profile = await loadProfile(deps, userId);
  const companyId = profile.identity.user.companyId;
  return {
    profile,
    company: companyId === null ? null : await findCompanyName(deps.db, companyId),
    consents: await allConsents(deps.db, userId),
    contactMessages: await contactMessagesOf(deps.db, userId),
    errorReports: await errorReportsOf(deps.db, userId),
    awardEntries: await awardEntriesOf(deps.db, userId),
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
