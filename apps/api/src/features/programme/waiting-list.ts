import type { Executor } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { attendeeMail, siteAddressOf } from './mails.ts';
import type { EventDetail, EventRow } from './repository.ts';
import * as repository from './repository.ts';
import * as signupsRepository from './signups-repository.ts';

// The waiting list's one rule: taking a place or joining the list, leaving, the places an ended account or
// accreditation gives back, and the promotion of the waiting into the places freed. Each change of an event's
// places runs under the event's row lock, taken once per event by the function that changes them; the
// promotion runs under that same lock.

/** What promoting the waiting needs: the mail queue, the clock, the sites' addresses for the mails' links. */
export interface PromotionDeps {
  mail: Pick<Mailer, 'enqueue'>;
  clock: Clock;
  sites: Pick<FastifyInstance['sites'], 'byId'>;
}

export type PlacesDeps = PromotionDeps;

type SignupDeps = PromotionDeps & Pick<FastifyInstance, 'db'>;

/**
 * Signs up, or joins the end of the waiting list when every place is taken. The event's row is locked for the
 * decision and the count of places is updated in the same transaction: two servers, or fifty sign-ups at once,
 * never fill more than the capacity. Signing up again answers the sign-up as it stands.
 */
export async function join(deps: SignupDeps, eventId: number, user: { id: number; language: string }) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const event = await repository.lockEvent(tx, eventId);
    if (event?.status !== 'approved') throw new ApiError(409, { detail: 'programmeNotOpen' });
    const existing = await signupsRepository.findSignup(tx, eventId, user.id);
    if (existing && existing.status !== 'cancelled') return existing;
    const hasPlace = event.capacity === null || event.signedUp < event.capacity;
    const row = await signupsRepository.upsertSignup(tx, {
      eventId,
      userId: user.id,
      status: hasPlace ? 'signed_up' : 'waiting',
      language: user.language,
      now,
    });
    if (hasPlace) await signupsRepository.addToCount(tx, eventId, 1);
    return row;
  });
}

/** Cancels a sign-up; a place freed goes to the first waiting, who is mailed. */
export async function leave(deps: SignupDeps, detail: EventDetail, userId: number) {
  const id = detail.event.id;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await repository.lockEvent(tx, id);
    const existing = await signupsRepository.findSignup(tx, id, userId);
    if (!existing || existing.status === 'cancelled')
      throw new ApiError(409, { detail: 'programmeNotSignedUp' });
    const row = await signupsRepository.setSignupStatus(tx, existing.id, 'cancelled', now);
    if (existing.status === 'signed_up') {
      await signupsRepository.addToCount(tx, id, -1);
      await promoteWaiting(deps, tx, detail);
    }
    return row;
  });
}

// Ending an account or an accreditation ends its places (PRODUCT.md section 13): the sign-ups go, the count of
// places follows, and each place freed goes to the first waiting, who is mailed, as when someone cancels.

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

/**
 * Fills the free places from the waiting list, oldest first, each promoted journalist mailed. The caller has
 * locked the event's row in this transaction (`lockEvent`), so the count and the places agree; the row is read
 * again for the places its caller's own changes left.
 */
export async function promoteWaiting(deps: PromotionDeps, tx: Executor, detail: EventDetail) {
  const locked = (await repository.findEvent(tx, detail.event.id)) as EventRow;
  if (locked.status !== 'approved') return;
  let taken = locked.signedUp;
  const where = { siteAddress: siteAddressOf(deps, detail.edition) };
  const now = deps.clock.now();
  while (locked.capacity === null || taken < locked.capacity) {
    const next = await signupsRepository.firstWaiting(tx, locked.id);
    if (!next) break;
    await signupsRepository.setSignupStatus(tx, next.id, 'signed_up', now);
    await signupsRepository.addToCount(tx, locked.id, 1);
    taken += 1;
    const signup = await signupsRepository.findSignup(tx, locked.id, next.userId);
    const contact = await repository.userContact(tx, next.userId);
    if (contact?.isActive && signup) {
      await deps.mail.enqueue(
        tx,
        attendeeMail(
          { ...detail, event: { ...detail.event, ...locked } },
          'promoted',
          { email: contact.email, language: signup.language },
          where,
        ),
      );
    }
  }
}
