import { type Executor, programmeEvents, programmeSignups } from '@pressroom/db';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';

// The reminders' query: each due reminder claimed once, whatever the number of servers running the job.

/**
 * Claims the reminders due (events starting within `lead` from now, not started) and marks them sent in the
 * same statement: a sign-up is claimed by one server only, whatever the number running the job.
 */
export async function claimDueReminders(db: Executor, now: Date, leadMinutes: number, limit: number) {
  const horizon = new Date(now.getTime() + leadMinutes * 60_000);
  const due = db
    .select({ id: programmeSignups.id })
    .from(programmeSignups)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeSignups.eventId))
    .where(
      and(
        eq(programmeSignups.status, 'signed_up'),
        isNull(programmeSignups.remindedAt),
        eq(programmeEvents.status, 'approved'),
        gt(programmeEvents.startsAt, now),
        lte(programmeEvents.startsAt, horizon),
      ),
    )
    .orderBy(asc(programmeEvents.startsAt), asc(programmeSignups.id))
    .limit(limit)
    .for('update', { of: programmeSignups, skipLocked: true });
  return db
    .update(programmeSignups)
    .set({ remindedAt: now })
    .where(and(inArray(programmeSignups.id, due), isNull(programmeSignups.remindedAt)))
    .returning({
      id: programmeSignups.id,
      eventId: programmeSignups.eventId,
      userId: programmeSignups.userId,
      language: programmeSignups.language,
    });
}
