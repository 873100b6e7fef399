import type { Executor } from '@pressroom/db';
import type { EventDetail } from './repository.ts';
import * as repository from './repository.ts';
import { type PromotionDeps, promoteWaiting } from './service.ts';
import * as signupsRepository from './signups-repository.ts';

// Ending an account or an accreditation ends its places (PRODUCT.md section 13): the sign-ups go, the count of
// places follows, and each place freed goes to the first waiting, who is mailed, as when someone cancels.

export type PlacesDeps = PromotionDeps;

export interface PlacesEnd {
  /** Only the places at this edition's events (an accreditation is revoked for one edition). */
  editionId?: number;
  /**
   * The accounts are being deleted: every sign-up of theirs goes, the ended events' too, with the counts
   * corrected. Otherwise the ended events' sign-ups stay as their attendance record.
   */
  deleting?: boolean;
}

/**
 * Ends the places and waits of these users, in the caller's transaction (run it before deleting the rows it
 * names, or in the same transaction as the switch-off or the revocation). Each event is locked, lowest id
 * first, before its sign-ups are read, so a sign-up or cancellation at the same moment is counted once. Mails
 * go through the mail queue, in the same transaction.
 */
export async function endPlacesOf(
  deps: PlacesDeps,
  tx: Executor,
  userIds: number[],
  options: PlacesEnd = {},
) {
  if (userIds.length === 0) return;
  const now = deps.clock.now();
  const deleting = options.deleting ?? false;
  for (;;) {
    const events = await signupsRepository.eventsHeldBy(tx, userIds, {
      editionId: options.editionId,
      openAt: deleting ? undefined : now,
      anyStatus: deleting,
    });
    if (events.length === 0) return;
    for (const { id, endsAt } of events) {
      await repository.lockEvent(tx, id);
      const statuses = deleting
        ? await signupsRepository.deleteSignupsOf(tx, id, userIds)
        : await signupsRepository.cancelSignupsOf(tx, id, userIds, now);
      const freed = statuses.filter((status) => status === 'signed_up').length;
      if (freed === 0) continue;
      await signupsRepository.addToCount(tx, id, -freed);
      if (endsAt.getTime() > now.getTime()) {
        await promoteWaiting(deps, tx, (await repository.findDetail(tx, id)) as EventDetail);
      }
    }
  }
}
