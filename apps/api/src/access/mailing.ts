import { type Executor, fairEditions, pressReleases, programmeEvents } from '@pressroom/db';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import { publicEventStatuses } from '../lib/programme-events.ts';
import { embargoEnd, publiclyReadableReleaseIds, releaseOnSite } from './releases.ts';

// What the press office's mail to chosen journalists may carry: a release every recipient may read when the
// mail leaves, whoever they are. A list is chosen by press data, not by rights, so the public rule is the one
// that holds for all of them: published, its scheduled time come, out of embargo (its own or an event's).

/** Where a release stands for a mail to everyone on a site, at `now`. */
export type MailableRelease =
  /** Everyone on the site may read it now. */
  | { state: 'readable' }
  /** Published, readable by everyone from `opensAt` (its scheduled time or its embargo's end). */
  | { state: 'waits'; opensAt: Date }
  /** Not published (a draft, submitted), not on the site, or gone: nothing to wait for. */
  | { state: 'unreadable' };

export async function mailableRelease(
  db: Executor,
  siteId: number,
  now: Date,
  releaseId: number,
): Promise<MailableRelease> {
  const readable = await publiclyReadableReleaseIds(db, siteId, now, [releaseId]);
  if (readable.has(releaseId)) return { state: 'readable' };
  const [release] = await db
    .select({ status: pressReleases.status, publishAt: pressReleases.publishAt, embargoUntil: embargoEnd })
    .from(pressReleases)
    .where(and(eq(pressReleases.id, releaseId), releaseOnSite(siteId)))
    .limit(1);
  if (release?.status !== 'published') return { state: 'unreadable' };
  const moments = [release.publishAt, release.embargoUntil].filter(
    (moment): moment is Date => moment !== null && moment > now,
  );
  if (moments.length === 0) return { state: 'unreadable' };
  return { state: 'waits', opensAt: new Date(Math.max(...moments.map((moment) => moment.getTime()))) };
}

/**
 * Whether an invitation to an event of the programme may go to everyone on a site at `now`: the event has its
 * public page (approved, not a proposal or declined), is of one of the site's editions, is not cancelled (its
 * page says so, but nobody is invited to it) and has not begun. A proposal approved later, or a past event,
 * has nothing to wait for: the invitation is refused.
 */
export async function mailableEvent(db: Executor, siteId: number, now: Date, eventId: number) {
  const [event] = await db
    .select({ id: programmeEvents.id })
    .from(programmeEvents)
    .innerJoin(fairEditions, eq(fairEditions.id, programmeEvents.editionId))
    .where(
      and(
        eq(programmeEvents.id, eventId),
        eq(fairEditions.pressGroupId, siteId),
        inArray(programmeEvents.status, publicEventStatuses),
        ne(programmeEvents.status, 'cancelled'),
        gt(programmeEvents.startsAt, now),
      ),
    )
    .limit(1);
  return event !== undefined;
}
