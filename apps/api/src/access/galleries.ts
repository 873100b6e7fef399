import {
  type Executor,
  galleries,
  galleryCategories,
  programmeEventGalleries,
  programmeEvents,
} from '@pressroom/db';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../lib/identity.ts';
import { preparedPerExecutor } from '../lib/prepared.ts';
import type { Reader } from './reader.ts';
import { nowParameter, nowPlaceholder } from './releases.ts';

// The one rule of who may see and who may edit a gallery (and so its pictures and videos), for every feature
// that names or shows one: the press gallery, the picture search, tags, baskets, the programme's links, press
// boxes, coverage and mails. As SQL over the gallery table as the query names it, and as predicates over rows
// already read (`galleryWithCategory` reads what they need); the two say the same.

/** A column of the gallery table as the query names it. */
const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

/**
 * A journalist signed up for the event (a place, not the waiting list) and accredited for its edition (or
 * the edition asks no proof): they read what the event holds before it starts, as the press reads a held
 * release (decision 24).
 */
const readsBeforeStart = (readerId: number | SQL) => sql`exists (select 1 from programme_signups s
    join fair_editions fe on fe.id = e.edition_id
    where s.event_id = e.id and s.user_id = ${readerId} and s.status = 'signed_up'
      and (not fe.proof_required or exists (select 1 from accreditation_requests a
        where a.edition_id = e.edition_id and a.user_id = ${readerId} and a.status = 'approved')))`;

/**
 * A gallery linked to an event of the press programme as "released at the start" is held until the event
 * starts (an approved or cancelled event's; a proposal holds nothing): nobody outside the back office sees it
 * till then but the journalists signed up and accredited for every event holding it, and everyone who could
 * see it sees it from that moment, without a write.
 * Held at `now` (a timestamptz expression) for the reader `readerId` (null: anyone); `galleryId` names the
 * gallery where a query aliases the table. Written as membership of the held galleries, found once per
 * statement, as a release's hold is (releases.ts, heldForEventAt, says why).
 */
const galleryHeldAt = (
  now: SQL,
  galleryId: SQL = column('galleries', 'id'),
  readerId: number | SQL | null = null,
) =>
  sql<boolean>`${galleryId} in (select l.gallery_id from programme_event_galleries l
    join programme_events e on e.id = l.event_id
    where l.released_at_start and e.status in ('approved', 'cancelled') and e.starts_at > ${now}${
      readerId === null ? sql`` : sql` and not ${readsBeforeStart(readerId)}`
    })`;

export type CategoryRow = typeof galleryCategories.$inferSelect;
/**
 * `held`: an event holds it until it starts ("released at the start") for the reader it was read for, judged
 * at the time asked; `heldForAnyone`, the same for anyone (what a link that may travel goes by).
 */
export type GalleryRow = typeof galleries.$inferSelect & { held: boolean; heldForAnyone: boolean };

/** A gallery's columns, with whether an event holds it at `now` for the reader `readerId` and for anyone. */
export const galleryAt = (now: Date, readerId: number | null = null) => ({
  ...getTableColumns(galleries),
  held: galleryHeldAt(nowParameter(now), column('galleries', 'id'), readerId),
  heldForAnyone: galleryHeldAt(nowParameter(now)),
});

/**
 * galleryAt for a prepared query: its `now` (an ISO string) and `reader` (a user id; null: anyone, whom no
 * sign-up lets read a held gallery early) placeholders.
 */
export const galleryAtPlaceholders = () => ({
  ...getTableColumns(galleries),
  held: galleryHeldAt(nowPlaceholder, column('galleries', 'id'), sql`${sql.placeholder('reader')}::int`),
  heldForAnyone: galleryHeldAt(nowPlaceholder),
});

/** The gallery and its category as `readerId` (null: anyone) finds them: what the rules below read. */
export async function galleryWithCategory(
  db: Executor,
  id: number,
  now: Date,
  readerId: number | null = null,
) {
  const [row] = await db
    .select({ gallery: galleryAt(now, readerId), category: galleryCategories })
    .from(galleries)
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(eq(galleries.id, id));
  return row;
}

/** Whether a category is shown on a site. */
export const categoryOnSite = (siteId: number) => sql`${siteId} = any(${galleryCategories.groupIds})`;

/** The gallery (as the query names it) is in a category shown on the site. */
const galleryOnSite = (siteId: number, table: string) =>
  sql`exists (select 1 from gallery_categories on_site where on_site.id = ${column(table, 'category_id')}
    and ${siteId} = any(on_site.group_ids))`;

/**
 * Who may do what with galleries (PRODUCT.md section 3), the same rule as for releases:
 * - the press office (`gallery.manage_all`) edits, publishes and withdraws every gallery;
 * - a company administrator (`gallery.publish_own_company`) does so for their company's galleries;
 * - an agent (`gallery.write_own_company`) prepares drafts for their own company; once published, a gallery
 *   (and its images) is out of the agent's hands.
 */
export const managesAllGalleries = (user: AuthUser | null) =>
  Boolean(user?.permissions.has('gallery.manage_all'));
const managesAll = managesAllGalleries;
/** The press office sees the pictures of every site (its editing screens show them all). */
export const seesEverySite = managesAll;
const holdsForCompany = (
  user: AuthUser | null,
  permission: 'gallery.write_own_company' | 'gallery.publish_own_company',
  companyId: number | null,
) => Boolean(user?.permissions.has(permission) && user.companyId !== null && user.companyId === companyId);

export function canPublishGallery(user: AuthUser | null, gallery: Pick<GalleryRow, 'companyId'>) {
  return managesAll(user) || holdsForCompany(user, 'gallery.publish_own_company', gallery.companyId);
}

export function canEditGallery(user: AuthUser | null, gallery: Pick<GalleryRow, 'companyId' | 'status'>) {
  if (canPublishGallery(user, gallery)) return true;
  return (
    holdsForCompany(user, 'gallery.write_own_company', gallery.companyId) && gallery.status !== 'published'
  );
}

/**
 * Who may mark a gallery "released at an event's start" (hold it till then): the press office, or the
 * gallery's own company's publishers. Anyone else's mark would hide another company's gallery.
 */
const canHoldGallery = canPublishGallery;

/** Who looks at galleries: the user (null: anyone) and the site asked. */
export interface GalleryViewer {
  user: AuthUser | null;
  siteId: number;
}

/**
 * Journalists see published galleries of this site, once no event holds them ("released at the start");
 * their editors also see drafts and held ones.
 */
export function canSeeGallery(viewer: GalleryViewer, gallery: GalleryRow, category: CategoryRow) {
  if (managesAll(viewer.user)) return true;
  if (!category.groupIds.includes(viewer.siteId)) return false;
  return (gallery.status === 'published' && !gallery.held) || canEditGallery(viewer.user, gallery);
}

/** Published, on the site and not held at `now`: what anyone is shown of a gallery on a public page. */
export const galleryOpenOnSite = (siteId: number, now: Date, table = 'galleries') =>
  sql`(${column(table, 'status')} = 'published' and ${galleryOnSite(siteId, table)}
    and not ${galleryHeldAt(nowParameter(now), column(table, 'id'))})`;

/**
 * canSeeGallery as a condition on the gallery table (as the query names it), for queries that find galleries
 * or pictures across galleries: the same rule, kept beside it so that the two cannot drift apart.
 */
export function gallerySeenBy(viewer: GalleryViewer, now: Date, table = 'galleries'): SQL {
  const { user } = viewer;
  if (managesAll(user)) return sql`true`;
  const ownCompany = companyEdited(user);
  const held = galleryHeldAt(nowParameter(now), column(table, 'id'), user?.id ?? null);
  return sql`(${galleryOnSite(viewer.siteId, table)} and ((${column(table, 'status')} = 'published' and not ${held})${
    ownCompany === null ? sql`` : sql` or ${column(table, 'company_id')} = ${ownCompany}`
  }))`;
}

/**
 * The company whose galleries the user edits (null: none). An agent edits their company's drafts and an
 * administrator of it its published galleries too: either way, every gallery of their company on this site is
 * theirs to see.
 */
function companyEdited(user: AuthUser | null): number | null {
  if (user?.companyId == null) return null;
  const edits =
    user.permissions.has('gallery.publish_own_company') || user.permissions.has('gallery.write_own_company');
  return edits ? user.companyId : null;
}

/**
 * What gallerySeenBy reads of its viewer, as a key: viewers with the same key see the same galleries at any
 * moment, so an answer computed for one of them (a kept count) is the other's too. Who reads a held gallery
 * before its event starts is the reader's own (their sign-up and accreditation): while any gallery is held
 * (`galleriesHeld`, see nextGalleryRelease), the reader is part of the key.
 */
export function gallerySightKey(viewer: GalleryViewer, galleriesHeld: boolean): string {
  if (managesAll(viewer.user)) return 'every gallery';
  const ownCompany = companyEdited(viewer.user);
  return [
    `site ${viewer.siteId}`,
    ownCompany === null ? '' : ` company ${ownCompany}`,
    galleriesHeld ? ` reader ${viewer.user?.id ?? 'anyone'}` : '',
  ].join('');
}

/**
 * The first start after `now` of an event holding a gallery till then (null: no gallery is held): who sees
 * a gallery changes at that moment, without a write, as a release's readers do at its embargo's end.
 */
export async function nextGalleryRelease(db: Executor, now: Date): Promise<Date | null> {
  const [row] = await nextGalleryReleaseQuery(db).execute({ now: now.toISOString() });
  return row?.next ? new Date(row.next) : null;
}

const nextGalleryReleaseQuery = preparedPerExecutor((db) =>
  db
    .select({ next: sql<string | null>`min(${programmeEvents.startsAt})` })
    .from(programmeEventGalleries)
    .innerJoin(programmeEvents, eq(programmeEvents.id, programmeEventGalleries.eventId))
    .where(
      and(
        sql`${programmeEventGalleries.releasedAtStart}`,
        inArray(programmeEvents.status, ['approved', 'cancelled']),
        sql`${programmeEvents.startsAt} > ${nowPlaceholder}`,
      ),
    )
    .prepare('next_gallery_release'),
);

/**
 * Of these gallery ids, those the reader may see (each once): what a feature checks ids sent to it against,
 * so that one the reader may not see is refused as if it did not exist.
 */
export async function readableGalleryIds(db: Executor, reader: Reader, ids: number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: galleries.id })
    .from(galleries)
    .where(and(inArray(galleries.id, wanted), gallerySeenBy(reader, reader.now)));
  return new Set(rows.map((row) => row.id));
}

/**
 * What a signed link to gallery files says of the viewer it was made for (signed with the rest), so that
 * when it is fetched it serves only what that viewer may still see: nothing when the site's press sees all
 * it shows (published, its category on the site); `editor=<id>` when only the viewer's editing rights show
 * some of it (a draft; for the press office, a category on another site). The back office's pictures of a
 * draft keep showing while their editor keeps those rights; a link given to the press stops serving once
 * its gallery is a draft again, is taken off the site, or is gone.
 */
export function galleryLinkScope(
  viewer: GalleryViewer,
  shown: { gallery: GalleryRow; category: CategoryRow }[],
): string {
  const pressSees = ({ gallery, category }: (typeof shown)[number]) =>
    canSeeGallery(
      { user: null, siteId: viewer.siteId },
      { ...gallery, held: gallery.heldForAnyone },
      category,
    );
  return viewer.user && !shown.every(pressSees) ? `editor=${viewer.user.id}` : '';
}

/** Published and listed on some site: what a press reader's signed link (a basket's, across sites) may serve. */
export function stillPublished(gallery: GalleryRow, category: CategoryRow) {
  return gallery.status === 'published' && !gallery.heldForAnyone && category.groupIds.length > 0;
}

/** Of these gallery ids, those the user may hold until an event's start (canHoldGallery), each once. */
export async function holdableGalleryIds(db: Executor, user: AuthUser, ids: number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: galleries.id, companyId: galleries.companyId })
    .from(galleries)
    .where(inArray(galleries.id, wanted));
  return new Set(rows.filter((row) => canHoldGallery(user, row)).map((row) => row.id));
}
