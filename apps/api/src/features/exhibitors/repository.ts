import {
  companies,
  companyPressBoxes,
  companyPressContacts,
  type Executor,
  exhibitorStands,
  exhibitors,
  fairEditions,
  pressBoxChanges,
  users,
} from '@pressroom/db';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  type GalleryViewer,
  gallerySeenBy,
  nextVisibilityChange,
  releasePublicOnSite,
} from '../../access/index.ts';
import { currentEdition, type EditionRow } from '../../lib/current-edition.ts';
import type { ListColumns, ListSource } from '../../lib/datatables.ts';

// The exhibitors' tables, and what a press box shows of other features' tables, read directly: the releases,
// pictures and alerts of a company (never through those features' code).

export type ExhibitorRow = typeof exhibitors.$inferSelect;
export type StandRow = { hall: string; stand: string };
// The site's edition is one rule for every feature (lib/current-edition.ts).
export { currentEdition, type EditionRow };

/** What the press sees as the company's name and country: the public variants when given. */
const shownName = sql<string>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;
const shownCountry = sql<string>`coalesce(nullif(${companies.pubCountry}, ''), ${companies.country})`;

// Correlated subqueries name the outer column in full (see companies/repository.ts).
const standsOfExhibitor = sql<StandRow[]>`coalesce((
  select json_agg(json_build_object('hall', s.hall, 'stand', s.stand) order by s.position, s.id)
  from exhibitor_stands s where s.exhibitor_id = "exhibitors"."id"), '[]'::json)`;

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export interface ExhibitorWithCompany extends ExhibitorRow {
  companyName: string;
  companyCountry: string;
  stands: StandRow[];
}

const exhibitorSelection = {
  exhibitor: exhibitors,
  companyName: shownName,
  companyCountry: shownCountry,
  stands: standsOfExhibitor,
};

type SelectedExhibitor = {
  exhibitor: ExhibitorRow;
  companyName: string;
  companyCountry: string;
  stands: unknown;
};

const withCompany = (row: SelectedExhibitor): ExhibitorWithCompany => ({
  ...row.exhibitor,
  companyName: row.companyName,
  companyCountry: row.companyCountry,
  stands: parseJson(row.stands),
});

const hasHall = (hall: string) =>
  sql`exists (select 1 from exhibitor_stands s where s.exhibitor_id = "exhibitors"."id"
    and lower(s.hall) = lower(${hall}))`;

/** Columns the back office's list may search and order by (DataTables names). */
export const exhibitorColumns: ListColumns = {
  id: { expression: exhibitors.id, searchable: false },
  company: { expression: shownName },
  country: { expression: shownCountry },
  category: { expression: exhibitors.category },
  stands: {
    expression: sql`(select string_agg(s.hall || ' ' || s.stand, ', ' order by s.position, s.id)
      from exhibitor_stands s where s.exhibitor_id = "exhibitors"."id")`,
  },
  updated_at: { expression: exhibitors.updatedAt, searchable: false },
};

export function exhibitorSource(
  db: Executor,
  filters: { editionId: number; hall?: string; category?: string },
): ListSource<ExhibitorWithCompany> {
  const scope = and(
    eq(exhibitors.editionId, filters.editionId),
    filters.hall ? hasHall(filters.hall) : undefined,
    filters.category ? eq(exhibitors.category, filters.category) : undefined,
  );
  return {
    async count(extra) {
      const [row] = await db
        .select({ value: count() })
        .from(exhibitors)
        .innerJoin(companies, eq(companies.id, exhibitors.companyId))
        .where(and(scope, extra));
      return row.value;
    },
    async rows({ where, orderBy, limit, offset }) {
      let query = db
        .select(exhibitorSelection)
        .from(exhibitors)
        .innerJoin(companies, eq(companies.id, exhibitors.companyId))
        .where(and(scope, where))
        .orderBy(...orderBy)
        .offset(offset)
        .$dynamic();
      if (limit !== null) query = query.limit(limit);
      return (await query).map(withCompany);
    },
  };
}

export const exhibitorOrder = { default: [asc(sql`lower(${shownName})`)], tiebreaker: [asc(exhibitors.id)] };

export async function findExhibitor(db: Executor, id: number): Promise<ExhibitorWithCompany | null> {
  const [row] = await db
    .select(exhibitorSelection)
    .from(exhibitors)
    .innerJoin(companies, eq(companies.id, exhibitors.companyId))
    .where(eq(exhibitors.id, id));
  return row ? withCompany(row) : null;
}

export async function findEdition(db: Executor, id: number): Promise<EditionRow | null> {
  const [row] = await db.select().from(fairEditions).where(eq(fairEditions.id, id));
  return row ?? null;
}

export async function companyExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return Boolean(row);
}

export async function companyName(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ name: shownName }).from(companies).where(eq(companies.id, id));
  return row?.name ?? null;
}

export async function insertExhibitor(
  db: Executor,
  values: { editionId: number; companyId: number; category: string | null },
  now: Date,
) {
  const [row] = await db
    .insert(exhibitors)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function updateExhibitor(
  db: Executor,
  id: number,
  values: Partial<Pick<ExhibitorRow, 'category'>>,
  now: Date,
) {
  await db
    .update(exhibitors)
    .set({ ...values, updatedAt: now })
    .where(eq(exhibitors.id, id));
}

/** Replaces an exhibitor's stands with exactly the given ones, in order. */
export async function replaceStands(db: Executor, exhibitorId: number, stands: StandRow[]) {
  await db.delete(exhibitorStands).where(eq(exhibitorStands.exhibitorId, exhibitorId));
  if (stands.length > 0) {
    await db
      .insert(exhibitorStands)
      .values(stands.map((stand, position) => ({ exhibitorId, ...stand, position })));
  }
}

export async function deleteExhibitor(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(exhibitors).where(eq(exhibitors.id, id)).returning({ id: exhibitors.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------------------ editions

// ------------------------------------------------------------------------------------------------ press box

export type PressBoxRow = typeof companyPressBoxes.$inferSelect;
export type PressBoxContactRow = typeof companyPressContacts.$inferSelect;
export type PressBoxChangeRow = typeof pressBoxChanges.$inferSelect & { proposerEmail: string | null };

export async function findPressBox(db: Executor, companyId: number): Promise<PressBoxRow | null> {
  const [row] = await db.select().from(companyPressBoxes).where(eq(companyPressBoxes.companyId, companyId));
  return row ?? null;
}

/** Writes the named fields of a company's press box, making it when it has none yet. */
export async function savePressBox(
  db: Executor,
  companyId: number,
  values: Partial<Omit<PressBoxRow, 'companyId'>>,
  now: Date,
) {
  await db
    .insert(companyPressBoxes)
    .values({ companyId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: companyPressBoxes.companyId, set: { ...values, updatedAt: now } });
}

export async function contactsOfCompany(db: Executor, companyId: number) {
  return db
    .select()
    .from(companyPressContacts)
    .where(eq(companyPressContacts.companyId, companyId))
    .orderBy(asc(companyPressContacts.position), asc(companyPressContacts.id));
}

/** The company's contacts' ids in their order (bounded: a press box's few contacts). */
export async function contactIdsOfCompany(db: Executor, companyId: number) {
  const rows = await db
    .select({ id: companyPressContacts.id })
    .from(companyPressContacts)
    .where(eq(companyPressContacts.companyId, companyId))
    .orderBy(asc(companyPressContacts.position), asc(companyPressContacts.id))
    .limit(1000);
  return rows.map((row) => row.id);
}

/** Numbers the contacts 0, 1, 2... in the order given (only those whose position changes are written). */
export async function setContactPositions(db: Executor, companyId: number, order: number[], now: Date) {
  for (const [position, id] of order.entries()) {
    await db
      .update(companyPressContacts)
      .set({ position, updatedAt: now })
      .where(
        and(
          eq(companyPressContacts.id, id),
          eq(companyPressContacts.companyId, companyId),
          sql`${companyPressContacts.position} <> ${position}`,
        ),
      );
  }
}

export async function findContact(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(companyPressContacts)
    .where(and(eq(companyPressContacts.id, id), eq(companyPressContacts.companyId, companyId)));
  return row ?? null;
}

/**
 * How many contacts the company's press box holds, its company row locked till the transaction ends so that two
 * additions at once count each other.
 */
export async function lockedContactCount(db: Executor, companyId: number) {
  await db.execute(sql`select 1 from companies where id = ${companyId} for update`);
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(companyPressContacts)
    .where(eq(companyPressContacts.companyId, companyId));
  return row.total;
}

export async function nextContactPosition(db: Executor, companyId: number) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${companyPressContacts.position}) + 1, 0)::int` })
    .from(companyPressContacts)
    .where(eq(companyPressContacts.companyId, companyId));
  return row.next;
}

const changeSelection = { change: pressBoxChanges, proposerEmail: users.email };

export async function pendingChanges(db: Executor, companyId: number): Promise<PressBoxChangeRow[]> {
  const rows = await db
    .select(changeSelection)
    .from(pressBoxChanges)
    .leftJoin(users, eq(users.id, pressBoxChanges.proposedBy))
    .where(and(eq(pressBoxChanges.companyId, companyId), eq(pressBoxChanges.status, 'pending')))
    .orderBy(asc(pressBoxChanges.proposedAt), asc(pressBoxChanges.id));
  return rows.map((row) => ({ ...row.change, proposerEmail: row.proposerEmail }));
}

export async function findChange(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select(changeSelection)
    .from(pressBoxChanges)
    .leftJoin(users, eq(users.id, pressBoxChanges.proposedBy))
    .where(and(eq(pressBoxChanges.id, id), eq(pressBoxChanges.companyId, companyId)));
  return row ? { ...row.change, proposerEmail: row.proposerEmail } : null;
}

/** Only a pending change is decided, once: false when another decision came first. */
export async function decideChange(
  db: Executor,
  id: number,
  values: { status: 'approved' | 'rejected'; decidedBy: number; decidedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(pressBoxChanges)
    .set(values)
    .where(and(eq(pressBoxChanges.id, id), eq(pressBoxChanges.status, 'pending')))
    .returning({ id: pressBoxChanges.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------------------------------------ public

/** What anyone may read of releases on the site at `now`, over a release aliased `r` (the access rules). */
export const publicReleaseOnSite = (siteId: number, now: Date) => releasePublicOnSite(siteId, now, 'r');

export async function releasesOfCompany(
  db: Executor,
  options: { companyId: number; siteId: number; now: Date; language: string; limit: number },
) {
  // The title in the reader's language (else English, Italian, any), with that title's language; and the
  // title the release's public address is made of (English, else Italian, else any: see press-releases).
  const result = await db.execute(sql`
    select r.id, r.publication_date::text as publication_date, r.number,
      extract(year from r.publication_date)::int as year, shown.title, shown.language,
      coalesce((select t.title from press_release_translations t where t.press_release_id = r.id
        order by case t.language when 'en' then 0 when 'it' then 1 else 2 end, t.language limit 1),
        '') as slug_title
    from press_releases r
    left join lateral (select t.title, t.language from press_release_translations t
      where t.press_release_id = r.id
      order by case t.language when ${options.language} then 0 when 'en' then 1 when 'it' then 2 else 3 end,
        t.language limit 1) shown on true
    where r.company_id = ${options.companyId} and ${publicReleaseOnSite(options.siteId, options.now)}
    order by r.publication_date desc, r.id desc
    limit ${options.limit}`);
  return rowsOf<{
    id: number;
    publication_date: string;
    number: number | null;
    year: number;
    title: string | null;
    language: string | null;
    slug_title: string;
  }>(result);
}

/** An edition's exhibitors with when their press box last changed: what a sitemap names. */
export async function exhibitorsForSitemap(db: Executor, editionId: number) {
  const result = await db.execute(sql`
    select e.id, coalesce(nullif(c.pub_business_name, ''), c.business_name) as name,
      greatest(e.updated_at, pb.updated_at,
        (select max(pc.updated_at) from company_press_contacts pc where pc.company_id = e.company_id)
      ) as last_modified
    from exhibitors e join companies c on c.id = e.company_id
      left join company_press_boxes pb on pb.company_id = e.company_id
    where e.edition_id = ${editionId}
    order by e.id`);
  return rowsOf<{ id: number; name: string; last_modified: string | Date }>(result).map((row) => ({
    id: Number(row.id),
    name: row.name,
    lastModified: new Date(row.last_modified),
  }));
}

/**
 * The company's pictures the viewer may see on the site (the access rules' gallery rule): the images of its
 * own galleries and those tagged with it.
 */
export async function picturesOfCompany(
  db: Executor,
  viewer: GalleryViewer,
  companyId: number,
  limit: number,
  now: Date,
) {
  const result = await db.execute(sql`
    select i.id, i.gallery_id, i.captions, i.alt_texts, i.checksum, i.storage_path, i.width, i.height
    from gallery_images i join galleries g on g.id = i.gallery_id
    where ${gallerySeenBy(viewer, now, 'g')} and (g.company_id = ${companyId}
      or exists (select 1 from gallery_image_companies c where c.image_id = i.id and c.company_id = ${companyId}))
    order by i.created_at desc, i.id desc
    limit ${limit}`);
  return rowsOf<{
    id: number;
    gallery_id: number;
    captions: Record<string, string> | string;
    alt_texts: Record<string, string> | string;
    checksum: string;
    storage_path: string;
    width: number;
    height: number;
  }>(result).map((row) => ({
    ...row,
    captions: parseJson<Record<string, string>>(row.captions),
    alt_texts: parseJson<Record<string, string>>(row.alt_texts),
  }));
}

/** Whether the user's active alerts on the site follow the company. */
export async function followsCompany(
  db: Executor,
  options: { userId: number; email: string; siteId: number; companyId: number },
) {
  const result = await db.execute(sql`
    select 1 from alert_subscriptions a
    where a.press_group_id = ${options.siteId} and a.status = 'active'
      and (a.user_id = ${options.userId} or lower(a.email) = lower(${options.email}))
      and a.company_ids @> ${JSON.stringify([options.companyId])}::jsonb
    limit 1`);
  return rowsOf(result).length > 0;
}

/** drizzle's execute answers rows directly on one driver and as `{ rows }` on the other. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

export async function findContactById(db: Executor, id: number) {
  const [row] = await db.select().from(companyPressContacts).where(eq(companyPressContacts.id, id));
  return row ?? null;
}

/**
 * The next moment a published release comes out of its embargo or, scheduled, comes out at all (null: none is
 * waiting): the directory's "news" marks change then without a write (the access rules' one moment).
 */
export const nextReleaseChange = nextVisibilityChange;
