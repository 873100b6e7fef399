import { type SQL, sql } from 'drizzle-orm';

// A gallery linked to an event of the press programme as "released at the start" is held until the event starts
// (an approved or cancelled event's; a proposal holds nothing): nobody outside the back office sees it till then,
// and everyone who could see it sees it from that moment, without a write.

/** Held at `now` (a timestamptz expression); `galleryId` names the gallery where a query aliases the table. */
export const galleryHeldAt = (now: SQL, galleryId: SQL = sql`"galleries"."id"`) =>
  sql<boolean>`exists (select 1 from programme_event_galleries l join programme_events e on e.id = l.event_id
    where l.gallery_id = ${galleryId} and l.released_at_start
      and e.status in ('approved', 'cancelled') and e.starts_at > ${now})`;
