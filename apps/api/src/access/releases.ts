import type { PressReleaseStatus } from '@pressroom/contract';
import { type Executor, pressReleases } from '@pressroom/db';
import { and, type Column, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../lib/identity.ts';
import { preparedPerExecutor } from '../lib/prepared.ts';
import type { LinkViewer } from '../lib/signed-urls.ts';
import { hasPressAccess, type Reader, readerOf } from './reader.ts';

// The one rule of who may read and who may edit a release, for every feature that names or shows a release or
// a part of it (its list, detail, files, feeds and sitemaps, the exhibitors' press boxes, the press programme's
// links, coverage, the award, press contacts, baskets, mails). Written as SQL over a release table (the query's
// name for it, `press_releases` unless aliased) and as predicates over rows already read; the two say the same.

/** Who is looking, and when: decides whether embargoed releases are visible. */
export interface Viewer {
  /** Signed in with `press_area.access`: sees published releases under embargo too. */
  pressAccess: boolean;
  now: Date;
}

export const nowParameter = (now: Date) => sql`${now.toISOString()}::timestamptz`;
/** `now` of a prepared query: its `now` placeholder, an ISO string. */
export const nowPlaceholder = sql`${sql.placeholder('now')}::timestamptz`;

/** A column of the release table as the query names it. */
const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

/**
 * The links to events of the press programme that hold a release until they start ("material released at the
 * start"): an approved event's, or a cancelled one's (its time stays what the office chose; unticking the link
 * releases it). A proposal holds nothing until the press office approves it. Only such links are in the
 * partial index `programme_event_releases_at_start_idx`.
 */
const holdingEvents = (where: SQL) => sql`programme_event_releases l
  join programme_events e on e.id = l.event_id
  where l.released_at_start and e.status in ('approved', 'cancelled') and ${where}`;

/**
 * Held at `now` by an event that has not started: under embargo till then, whatever its own embargo says.
 * `releaseId` names the release where a query aliases the table.
 *
 * Written as membership of the held releases, which PostgreSQL finds once per statement (a hashed subplan:
 * the links held, joined to the events still to come) and then looks up for each release. Written as a
 * correlated EXISTS, the planner chose per release between that and a loop over the events still to come,
 * from estimates of a links table too small to be analysed: with 300 events on the programme it chose the
 * loop, reading about 200 events for each of a search's 700 releases (50 ms of the Home search's 55).
 */
const heldForEventAt = (now: SQL, releaseId: SQL = column('press_releases', 'id')) =>
  sql<boolean>`${releaseId} in (select l.release_id from ${holdingEvents(sql`e.starts_at > ${now}`)})`;

/** The embargo is in effect at `now` (a timestamptz expression): its own, or an event's that holds it. */
export const underEmbargoAt = (now: SQL, table = 'press_releases') =>
  sql<boolean>`((${column(table, 'embargo_until')} is not null and ${column(table, 'embargo_until')} > ${now})
    or ${heldForEventAt(now, column(table, 'id'))})`;

/**
 * When the public may read the release (null: at publication): the later of its own embargo's end and the
 * starts of the events that hold it. What the press is told ("under embargo until") and when alerts go out.
 */
export const embargoEnd = sql<Date | null>`greatest("press_releases"."embargo_until",
  (select max(e.starts_at) from ${holdingEvents(sql`l.release_id = "press_releases"."id"`)}))`.mapWith(
  pressReleases.embargoUntil,
);

/** A release's embargo end as `embargoEnd` says it (its own or its events' holds); null: none, or no release. */
export async function embargoEndOf(db: Executor, releaseId: number): Promise<Date | null> {
  const [row] = await db
    .select({ end: embargoEnd })
    .from(pressReleases)
    .where(eq(pressReleases.id, releaseId))
    .limit(1);
  return row?.end ?? null;
}

/**
 * The first start after `now` of an event holding a release: what anyone may read changes then, without a
 * write, as at an embargo's end. Served by the partial index of the held links.
 */
const nextHeldStart = (now: SQL) =>
  sql<string | null>`(select min(e.starts_at) from ${holdingEvents(sql`e.starts_at > ${now}`)})`;

/** Whether the release is published and its `publish_at` (if any) has come by `time` (a timestamptz). */
const isPublishedBy = (time: SQL, table = 'press_releases') =>
  sql`(${column(table, 'status')} = 'published' and (${column(table, 'publish_at')} is null or ${column(table, 'publish_at')} <= ${time}))`;

/**
 * Who may read a release outside the back office: nobody sees drafts or submitted ones, nor scheduled ones
 * before their time; the public sees published ones once their embargo (if any) has passed; press users see
 * them from publication.
 */
export function visibleAt(pressAccess: boolean, now: SQL, table = 'press_releases'): SQL {
  const published = isPublishedBy(now, table);
  if (pressAccess) return published;
  return sql`(${published} and not ${underEmbargoAt(now, table)})`;
}

export function visibleTo(viewer: Viewer, table = 'press_releases'): SQL {
  return visibleAt(viewer.pressAccess, nowParameter(viewer.now), table);
}

/**
 * What visibleTo reads of its viewer besides the time, as a key: viewers with the same key read the same
 * releases at any moment (see gallerySightKey); the moments they change are nextVisibilityChange's.
 */
export const releaseSightKey = (viewer: Viewer) => (viewer.pressAccess ? 'press' : 'public');

/** The release is on the site. */
export const releaseOnSite = (siteId: number, table = 'press_releases') =>
  sql`exists (select 1 from press_release_groups on_site
    where on_site.press_release_id = ${column(table, 'id')} and on_site.press_group_id = ${siteId})`;

/** Who the reader is as the public rule sees them: press or not, at the reader's time. */
const viewerOfReader = (reader: Reader): Viewer => ({
  pressAccess: hasPressAccess(reader.user),
  now: reader.now,
});

// ------------------------------------------------------------------------------------------------ editors

/**
 * Who may do what with releases (PRODUCT.md section 3):
 * - the press office (`press_release.manage_all`) edits, publishes and withdraws every release;
 * - a company administrator (`press_release.publish_own_company`) does so for their company's releases;
 * - an agent (`press_release.write_own_company`) writes drafts for their own company and submits them; once
 *   published, a release is out of the agent's hands.
 */
export interface Editor {
  id: number;
  companyId: number | null;
  manageAll: boolean;
  publishOwn: boolean;
  writeOwn: boolean;
}

export function editorOf(user: AuthUser): Editor {
  return {
    id: user.id,
    companyId: user.companyId,
    manageAll: user.permissions.has('press_release.manage_all'),
    publishOwn: user.permissions.has('press_release.publish_own_company'),
    writeOwn: user.permissions.has('press_release.write_own_company'),
  };
}

export const canUseBackOffice = (editor: Editor) => editor.manageAll || editor.publishOwn || editor.writeOwn;

type ReleaseRow = typeof pressReleases.$inferSelect;

const ownCompany = (editor: Editor, release: Pick<ReleaseRow, 'companyId'>) =>
  editor.companyId !== null && release.companyId === editor.companyId;

/** The releases an editor may see in the back office (undefined: all of them). */
export function editableScope(editor: Editor): SQL | undefined {
  if (editor.manageAll) return undefined;
  if (editor.companyId === null) return sql`false`;
  return eq(pressReleases.companyId, editor.companyId);
}

/** editableScope over a release table as the query names it. */
function editableScopeOf(editor: Editor | null, table: string): SQL {
  if (editor?.manageAll) return sql`true`;
  if (!editor || editor.companyId === null || !(editor.writeOwn || editor.publishOwn)) return sql`false`;
  return sql`${column(table, 'company_id')} = ${editor.companyId}`;
}

/** The editor sees the release in the back office: the press office every one, a company's people their own. */
export function canSee(editor: Editor, release: Pick<ReleaseRow, 'companyId'>): boolean {
  return editor.manageAll || ((editor.writeOwn || editor.publishOwn) && ownCompany(editor, release));
}

export function canEdit(editor: Editor, release: Pick<ReleaseRow, 'companyId' | 'status'>): boolean {
  if (editor.manageAll) return true;
  if (!ownCompany(editor, release)) return false;
  if (editor.publishOwn) return true;
  return editor.writeOwn && release.status !== 'published';
}

function canPublish(editor: Editor, release: Pick<ReleaseRow, 'companyId'>): boolean {
  return editor.manageAll || (editor.publishOwn && ownCompany(editor, release));
}

/**
 * Who may mark a release "released at an event's start" (hold it till then): the press office, or the
 * release's own company's publishers. Anyone else's mark would hide another company's release.
 */
const canHoldRelease = (user: AuthUser, release: Pick<ReleaseRow, 'companyId'>) =>
  canPublish(editorOf(user), release);

// ------------------------------------------------------------------------------------------------ readers

/**
 * The reader may read the release (on the table as the query names it): the public rule on the reader's site,
 * or, for its editors, in the back office wherever it is. What a feature may name, link or count for them.
 */
export function releaseReadableBy(reader: Reader, table = 'press_releases'): SQL {
  const editor = reader.user ? editorOf(reader.user) : null;
  return sql`((${releaseOnSite(reader.siteId, table)} and ${visibleTo(viewerOfReader(reader), table)})
    or ${editableScopeOf(editor, table)})`;
}

/**
 * Of these release ids, those the reader may read (in no order, each once): what a feature checks ids sent to
 * it against, so that one the reader may not read is refused as if it did not exist.
 */
export async function readableReleaseIds(db: Executor, reader: Reader, ids: number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: pressReleases.id })
    .from(pressReleases)
    .where(and(inArray(pressReleases.id, wanted), releaseReadableBy(reader)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Of these release ids, those anyone may read on the site at `now` (the public rule): what a public page, a
 * feed or a mail to the public names.
 */
export const publiclyReadableReleaseIds = (db: Executor, siteId: number, now: Date, ids: number[]) =>
  readableReleaseIds(db, { user: null, siteId, now }, ids);

// ------------------------------------------------------------------------------------------------ signed links

/**
 * Signed links to a release's files are checked again when they are fetched, against the release as it is
 * then: a signature stands for the rights of whoever the link was made for, at the time it was made, and a
 * release may since have gone back to draft, been deleted, or left a site.
 */

/** What a link's check reads of its release: its status, schedule and sites, and its company for its editors. */
export type LinkedRelease = ReleaseRow & { groups: number[] };

/** What a link's scope reads of a release: its status, its sites, and its scheduled time where it has one. */
export interface LinkFacts {
  status: string;
  groups: number[];
  publishAt?: Date | null;
}

/**
 * The press of the site `siteId` reads the release: published, its scheduled time come, and on that site.
 * Under embargo too: the press reads a release from publication, and only press users and editors are handed
 * signed links.
 */
function pressSees(release: LinkFacts, siteId: number, now: Date): boolean {
  const come = !release.publishAt || release.publishAt.getTime() <= now.getTime();
  return release.status === 'published' && come && release.groups.includes(siteId);
}

/**
 * What a signed link to the release's files made for `viewer` on the site `siteId` says of whom it serves,
 * signed with the rest: nothing when the site's press reads the release, so that everyone's links to it are
 * the same and cached alike; `editor=<id>` when only the editor's rights show it (a draft, a scheduled one, a
 * release of another site seen from the back office), served while that account may still see it; for the
 * press, `on=<site>`, one of the release's sites, when it is shown on a site it is not on.
 */
export function releaseLinkScope(
  viewer: { user: AuthUser | null; siteId: number; now: Date },
  release: LinkFacts,
): string {
  if (pressSees(release, viewer.siteId, viewer.now)) return '';
  if (viewer.user) return `editor=${viewer.user.id}`;
  const [site] = release.groups;
  return release.status === 'published' && site !== undefined ? `on=${site}` : '';
}

/** Whether a signed link standing for `viewer` (see linkViewer) may serve the release's files at `now`. */
export function releaseLinkServes(viewer: LinkViewer, release: LinkedRelease, now: Date): boolean {
  // A preview's link is the invitation's (previewLinkServes), whoever else may read the release.
  if (viewer.preview !== undefined) return false;
  if (pressSees(release, viewer.siteId, now)) return true;
  return viewer.user !== null && canSee(editorOf(viewer.user), release);
}

/**
 * The release with its sites, and whether the reader may read it (the public rule on the reader's site, or its
 * editors'): what a rule over one release needs (undefined: no such release).
 */
export async function releaseForReader(db: Executor, id: number, reader: Reader) {
  const [row] = await db
    .select({
      release: pressReleases,
      groups: sql<number[] | string>`coalesce((select json_agg(g.press_group_id order by g.press_group_id)
        from press_release_groups g where g.press_release_id = ${pressReleases.id}), '[]'::json)`,
      readable: sql<boolean>`${releaseReadableBy(reader)}`,
      pressReadable: sql<boolean>`${visibleAt(true, nowParameter(reader.now))}`,
    })
    .from(pressReleases)
    .where(eq(pressReleases.id, id));
  if (!row) return undefined;
  const groups = typeof row.groups === 'string' ? (JSON.parse(row.groups) as number[]) : row.groups;
  const release: LinkedRelease = { ...row.release, groups };
  return { release, readable: row.readable, pressReadable: row.pressReadable };
}

/** The public rule's view of a request: press or not, at the request's time. */
export const viewerOf = (request: FastifyRequest): Viewer => viewerOfReader(readerOf(request));

/** The status changes each editor may make. */
export function canChangeStatus(
  editor: Editor,
  release: Pick<ReleaseRow, 'companyId' | 'status'>,
  to: PressReleaseStatus,
): boolean {
  const from = release.status as PressReleaseStatus;
  if (from === to) return false;
  if (to === 'published' || from === 'published') return canPublish(editor, release);
  // draft <-> submitted: submitting, or taking back / sending back for changes.
  return canEdit(editor, release);
}

/** Of these release ids, those the user may hold until an event's start (canHoldRelease), each once. */
export async function holdableReleaseIds(db: Executor, user: AuthUser, ids: number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: pressReleases.id, companyId: pressReleases.companyId })
    .from(pressReleases)
    .where(inArray(pressReleases.id, wanted));
  return new Set(rows.filter((row) => canHoldRelease(user, row)).map((row) => row.id));
}

/** Anyone may read the release (as the query names it) on the site at `now`: the public rule, and on the site. */
export const releasePublicOnSite = (siteId: number, now: Date, table = 'press_releases') =>
  sql`(${visibleAt(false, nowParameter(now), table)} and ${releaseOnSite(siteId, table)})`;

/**
 * The first moment after `now` a release changes hands without a write: an embargo ends, a scheduled
 * release comes out or an event holding a release starts. What anyone may see of the lists changes then.
 */
export async function nextVisibilityChange(db: Executor, now: Date): Promise<Date | null> {
  const [row] = await nextVisibilityChangeQuery(db).execute({ now: now.toISOString() });
  const moments = [row?.embargoEnd, row?.scheduled, row?.held]
    .filter((value): value is string => value !== null && value !== undefined)
    .map((value) => new Date(value).getTime());
  return moments.length === 0 ? null : new Date(Math.min(...moments));
}

const nextVisibilityChangeQuery = preparedPerExecutor((db) => {
  const after = (column: Column) => sql`${column} > ${nowPlaceholder}`;
  return (
    db
      .select({
        embargoEnd: sql<
          string | null
        >`min(${pressReleases.embargoUntil}) filter (where ${after(pressReleases.embargoUntil)})`,
        scheduled: sql<
          string | null
        >`min(${pressReleases.publishAt}) filter (where ${after(pressReleases.publishAt)})`,
        held: nextHeldStart(nowPlaceholder),
      })
      .from(pressReleases)
      // Each side is served by its partial index; an aggregate answers one row even when none matches.
      .where(or(after(pressReleases.embargoUntil), after(pressReleases.publishAt)))
      .prepare('next_visibility_change')
  );
});
