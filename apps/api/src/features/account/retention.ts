import type { Database } from '@pressroom/db';
import { addMonthsUtc } from '../../lib/clock.ts';
import { endPlacesOf, type PlacesDeps } from '../programme/index.ts';
import { deleteUsers, restrictedUserIds, restrictPressData, unverifiedUserIds } from './repository.ts';

/**
 * The retention rule of the privacy notice (spec sections 1 and 9, PRODUCT.md section 8):
 *
 * - A sign-up whose e-mail address is not verified within 30 days is deleted (its link died after 7).
 * - The press data of journalists is kept for the fair plus 6 months. From the fair's end date + 6 months on,
 *   journalists who joined before that moment are marked restricted (as of that moment) and their accounts
 *   are switched off: the data is kept for legal purposes only. Those who join later belong to the next
 *   edition and wait for the next end date.
 * - Restricted data is deleted 6 years after the restriction, i.e. fair end + 6 months + 6 years. The count
 *   starts from each row's restriction date, so configuring the next fair later does not shorten or extend it.
 * - Staff accounts (no press registration data) are neither restricted nor deleted by this job.
 *
 * Run daily with `npm run cli -- purge`; running it twice on the same day changes nothing the second time.
 */
const unverifiedSignUpDays = 30;
const pressPurposeMonths = 6;
const legalRetentionYears = 6;

export interface RetentionSettings {
  /** The fair's last day; without it only unverified sign-ups are purged. */
  fairEndDate: Date | null;
}

/** The database, and what ending places needs: the mail queue, the clock, the sites (for the mails' links). */
export type RetentionDeps = { db: Database } & PlacesDeps;

export interface PurgeReport {
  unverifiedDeleted: number;
  restricted: number;
  restrictedDeleted: number;
}

/**
 * Applies the retention rule at `now`, all in one transaction. An account switched off or deleted ends its
 * programme places first: the first waiting of each event is promoted and mailed (through the mail queue).
 */
export async function purgeExpiredData(
  deps: RetentionDeps,
  settings: RetentionSettings,
  now: Date,
): Promise<PurgeReport> {
  return deps.db.transaction(async (tx) => {
    const deleteWithPlaces = async (ids: number[]) => {
      await endPlacesOf(deps, tx, ids, { deleting: true });
      return deleteUsers(tx, ids);
    };
    const joinedBefore = new Date(now.getTime() - unverifiedSignUpDays * 86_400_000);
    const unverifiedDeleted = await deleteWithPlaces(await unverifiedUserIds(tx, joinedBefore));

    let restricted = 0;
    if (settings.fairEndDate) {
      const restrictFrom = addMonthsUtc(settings.fairEndDate, pressPurposeMonths);
      if (now.getTime() >= restrictFrom.getTime()) {
        const switchedOff = await restrictPressData(tx, restrictFrom);
        await endPlacesOf(deps, tx, switchedOff);
        restricted = switchedOff.length;
      }
    }

    const restrictedBy = addMonthsUtc(now, -12 * legalRetentionYears);
    const restrictedDeleted = await deleteWithPlaces(await restrictedUserIds(tx, restrictedBy));
    return { unverifiedDeleted, restricted, restrictedDeleted };
  });
}
