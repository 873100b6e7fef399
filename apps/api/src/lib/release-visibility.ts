import { pressReleases } from '@pressroom/db';
import { type SQL, sql } from 'drizzle-orm';

// The one rule of who may read a release, for every feature that shows a release or a part of it (its list,
// detail, files, feeds and sitemaps, the exhibitors' press boxes, the press programme's linked releases, press
// contacts, baskets). Written over the `press_releases` table as the query names it.

/** Who is looking, and when: decides whether embargoed releases are visible. */
export interface Viewer {
  /** Signed in with `press_area.access`: sees published releases under embargo too. */
  pressAccess: boolean;
  now: Date;
}

export const nowParameter = (now: Date) => sql`${now.toISOString()}::timestamptz`;
/** `now` of a prepared query: its `now` placeholder, an ISO string. */
export const nowPlaceholder = sql`${sql.placeholder('now')}::timestamptz`;

/**
 * The release's links to events of the press programme that hold it until they start ("material released at
 * the start"): an approved event's, or a cancelled one's (its time stays what the office chose; unticking the
 * link releases it). A proposal holds nothing until the press office approves it.
 */
const holdingStarts = (where: SQL, releaseId: SQL) => sql`select e.starts_at from programme_event_releases l
  join programme_events e on e.id = l.event_id
  where l.release_id = ${releaseId} and l.released_at_start
    and e.status in ('approved', 'cancelled') and ${where}`;

const releaseIdColumn = sql`"press_releases"."id"`;

/**
 * Held at `now` by an event that has not started: under embargo till then, whatever its own embargo says.
 * `releaseId` names the release where a query aliases the table.
 */
export const heldForEventAt = (now: SQL, releaseId: SQL = releaseIdColumn) =>
  sql<boolean>`exists (${holdingStarts(sql`e.starts_at > ${now}`, releaseId)})`;

/** The embargo is in effect at `now` (a timestamptz expression): its own, or an event's that holds it. */
export const underEmbargoAt = (now: SQL) =>
  sql<boolean>`(("press_releases"."embargo_until" is not null and "press_releases"."embargo_until" > ${now})
    or ${heldForEventAt(now)})`;

/**
 * When the public may read the release (null: at publication): the later of its own embargo's end and the
 * starts of the events that hold it. What the press is told ("under embargo until") and when alerts go out.
 */
export const embargoEnd = sql<Date | null>`greatest("press_releases"."embargo_until",
  (select max(held.starts_at) from (${holdingStarts(sql`true`, releaseIdColumn)}) held))`.mapWith(
  pressReleases.embargoUntil,
);

/**
 * The first start after `now` of an event holding a release: what anyone may read changes then, without a
 * write, as at an embargo's end. Served by the partial index of the held links.
 */
export const nextHeldStart = (now: SQL) => sql<string | null>`(select min(e.starts_at)
  from programme_event_releases l join programme_events e on e.id = l.event_id
  where l.released_at_start and e.status in ('approved', 'cancelled') and e.starts_at > ${now})`;

/** The release is published and its scheduled time (if any) has come, at `now` (a timestamptz expression). */
export const publishedAt = (now: SQL) =>
  sql`(${pressReleases.status} = 'published' and ("press_releases"."publish_at" is null or "press_releases"."publish_at" <= ${now}))`;

/**
 * The one rule of who may read a release: nobody outside the back office sees drafts or submitted ones, nor
 * scheduled ones before their time; the public sees published ones once their embargo (if any) has passed;
 * press users see them from publication.
 */
export function visibleAt(pressAccess: boolean, now: SQL): SQL {
  const published = publishedAt(now);
  if (pressAccess) return published;
  return sql`(${published} and not ${underEmbargoAt(now)})`;
}

export function visibleTo(viewer: Viewer): SQL {
  return visibleAt(viewer.pressAccess, nowParameter(viewer.now));
}
