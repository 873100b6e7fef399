import {
  accreditationRequests,
  type Executor,
  exhibitors,
  programmeEvents,
  programmeSignups,
  users,
} from '@pressroom/db';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { attendanceLimit, listLimit } from './repository.ts';

// The door's and the figures' queries: who is expected at an event, a badge's holder, check-ins, numbers per
// event.

export async function attendees(db: Executor, eventId: number) {
  return db
    .select({
      signup: programmeSignups,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      outlet: sql<string>`coalesce((select ar.outlet from ${accreditationRequests} ar
        join ${programmeEvents} pe on pe.edition_id = ar.edition_id
        where pe.id = ${programmeSignups.eventId} and ar.user_id = ${programmeSignups.userId} limit 1), '')`,
    })
    .from(programmeSignups)
    .innerJoin(users, eq(users.id, programmeSignups.userId))
    .where(and(eq(programmeSignups.eventId, eventId), ne(programmeSignups.status, 'cancelled')))
    .orderBy(
      sql`case ${programmeSignups.status} when 'signed_up' then 0 else 1 end`,
      asc(programmeSignups.queuedAt),
      asc(programmeSignups.id),
    )
    .limit(attendanceLimit);
}

/** A badge as the door names it: by its id (QR code, token), or by its short code within the edition. */
export type BadgeKey = { id: string } | { code: string };

/** The accreditation holding this badge, for the edition, with its holder. */
export async function badgeHolder(db: Executor, editionId: number, badge: BadgeKey) {
  const [row] = await db
    .select({
      userId: accreditationRequests.userId,
      status: accreditationRequests.status,
      isActive: users.isActive,
    })
    .from(accreditationRequests)
    .innerJoin(users, eq(users.id, accreditationRequests.userId))
    .where(
      and(
        eq(accreditationRequests.editionId, editionId),
        'id' in badge
          ? eq(accreditationRequests.badgeId, badge.id)
          : eq(accreditationRequests.badgeCode, badge.code),
      ),
    );
  return row ?? null;
}

/** The user's account state and their accreditation's status for the edition (null when they asked none). */
export async function doorStanding(db: Executor, editionId: number, userId: number) {
  const [row] = await db
    .select({ isActive: users.isActive, accreditation: accreditationRequests.status })
    .from(users)
    .leftJoin(
      accreditationRequests,
      and(eq(accreditationRequests.userId, users.id), eq(accreditationRequests.editionId, editionId)),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Records the check-in once: the first scan's time stays. */
export async function checkIn(db: Executor, signupId: number, by: number, now: Date) {
  const [row] = await db
    .update(programmeSignups)
    .set({ checkedInAt: now, checkedInBy: by, updatedAt: now })
    .where(and(eq(programmeSignups.id, signupId), isNull(programmeSignups.checkedInAt)))
    .returning();
  return row ?? null;
}

/** Numbers per event of an edition (optionally one exhibitor's, or one company's). */
export async function figures(
  db: Executor,
  filter: { editionId: number; exhibitorId?: number; companyId?: number },
) {
  return db
    .select({
      id: programmeEvents.id,
      title: programmeEvents.title,
      startsAt: programmeEvents.startsAt,
      endsAt: programmeEvents.endsAt,
      capacity: programmeEvents.capacity,
      signedUp: sql<number>`count(*) filter (where ${programmeSignups.status} = 'signed_up')::int`,
      waiting: sql<number>`count(*) filter (where ${programmeSignups.status} = 'waiting')::int`,
      attended: sql<number>`count(*) filter (where ${programmeSignups.status} = 'signed_up'
        and ${programmeSignups.checkedInAt} is not null)::int`,
    })
    .from(programmeEvents)
    .leftJoin(exhibitors, eq(exhibitors.id, programmeEvents.exhibitorId))
    .leftJoin(programmeSignups, eq(programmeSignups.eventId, programmeEvents.id))
    .where(
      and(
        eq(programmeEvents.editionId, filter.editionId),
        inArray(programmeEvents.status, ['approved', 'cancelled']),
        filter.exhibitorId ? eq(programmeEvents.exhibitorId, filter.exhibitorId) : undefined,
        filter.companyId ? eq(exhibitors.companyId, filter.companyId) : undefined,
      ),
    )
    .groupBy(programmeEvents.id)
    .orderBy(asc(programmeEvents.startsAt), asc(programmeEvents.id))
    .limit(listLimit);
}
