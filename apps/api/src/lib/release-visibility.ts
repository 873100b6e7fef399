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

/** The embargo is in effect at `now` (a timestamptz expression). */
export const underEmbargoAt = (now: SQL) =>
  sql<boolean>`("press_releases"."embargo_until" is not null and "press_releases"."embargo_until" > ${now})`;

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
