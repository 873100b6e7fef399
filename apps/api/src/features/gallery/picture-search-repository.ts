import type { BasketItemKind, PictureOrientation } from '@pressroom/contract';
import {
  basketItems,
  basketReleaseFiles,
  brands,
  companies,
  companyBrands,
  type Executor,
  galleries,
  galleryCategories,
  galleryImages,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleases,
} from '@pressroom/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  galleryAtPlaceholders,
  nowPlaceholder,
  type Viewer as ReleaseViewer,
  visibleAt,
  visibleTo,
} from '../../access/index.ts';
import { preparedPerExecutor } from '../../lib/prepared.ts';
import { categoryOnSite } from './repository.ts';
import { companyName, showing } from './tags-repository.ts';

/** Who reads release pictures, and on which site they must be (null: any, for the press office). */
export type ReleaseSearchViewer = ReleaseViewer & { site: number | null };

/** What the search asks, once read: its words (folded by the database), filters and page. */
export interface PictureFilters {
  words: string[];
  site?: number;
  company?: number;
  brand?: number;
  orientation?: PictureOrientation;
  kind?: BasketItemKind;
}

/** The words a LIKE pattern holds literally (its own wildcards escaped). */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Every word is in the picture's stored search text (lower case, without accents: migration 0033), as
 * `%word%` patterns the trigram index serves; the word is folded by the same function the text was.
 */
const hasWords = (column: AnyPgColumn, words: string[]) =>
  words.map((word) => sql`${column} like '%' || public.search_fold(${likeLiteral(word)}) || '%'`);

const shaped = (width: AnyPgColumn, height: AnyPgColumn) => ({
  landscape: sql`${width} > ${height}`,
  portrait: sql`${width} < ${height}`,
  square: sql`${width} = ${height}`,
});

/** The gallery pictures matching, among those `seen` (the gallery feature's rule, as SQL) lets through. */
function galleryPictures(filters: PictureFilters, seen: SQL) {
  const conditions = [
    seen,
    ...hasWords(galleryImages.searchText, filters.words),
    filters.site === undefined ? undefined : categoryOnSite(filters.site),
    showing({ company: filters.company }),
    showing({ brand: filters.brand }),
    filters.orientation ? shaped(galleryImages.width, galleryImages.height)[filters.orientation] : undefined,
  ];
  return sql`select 'gallery_image' as kind, ${galleryImages.id} as id, ${galleryImages.createdAt} as created_at
    from ${galleryImages}
    join ${galleries} on ${galleries.id} = ${galleryImages.galleryId}
    join ${galleryCategories} on ${galleryCategories.id} = ${galleries.categoryId}
    where ${and(...conditions)}`;
}

const onSite = (siteId: number) =>
  sql`exists (select 1 from ${pressReleaseGroups} where ${pressReleaseGroups.pressReleaseId} = ${pressReleases.id} and ${pressReleaseGroups.pressGroupId} = ${siteId})`;

/**
 * The release pictures matching, of releases the viewer may read (the releases' one visibility rule) on
 * `viewer.site` (null: on any site).
 */
function releasePictures(filters: PictureFilters, viewer: ReleaseSearchViewer) {
  const conditions = [
    eq(pressReleaseFiles.kind, 'image'),
    visibleTo(viewer),
    viewer.site === null ? undefined : onSite(viewer.site),
    ...hasWords(pressReleaseFiles.searchText, filters.words),
    filters.site === undefined ? undefined : onSite(filters.site),
    filters.company === undefined ? undefined : eq(pressReleases.companyId, filters.company),
    filters.brand === undefined
      ? undefined
      : sql`exists (select 1 from ${companyBrands} where ${companyBrands.companyId} = ${pressReleases.companyId} and ${companyBrands.brandId} = ${filters.brand})`,
    filters.orientation
      ? shaped(pressReleaseFiles.width, pressReleaseFiles.height)[filters.orientation]
      : undefined,
  ];
  return sql`select 'release_image' as kind, ${pressReleaseFiles.id} as id, ${pressReleaseFiles.createdAt} as created_at
    from ${pressReleaseFiles}
    join ${pressReleases} on ${pressReleases.id} = ${pressReleaseFiles.pressReleaseId}
    where ${and(...conditions)}`;
}

function found(filters: PictureFilters, seen: SQL, releaseViewer: ReleaseSearchViewer): SQL {
  if (filters.kind === 'gallery_image') return galleryPictures(filters, seen);
  if (filters.kind === 'release_image') return releasePictures(filters, releaseViewer);
  return sql`${galleryPictures(filters, seen)} union all ${releasePictures(filters, releaseViewer)}`;
}

/** How many pictures a search finds, of each kind. */
export interface PictureCounts {
  gallery: number;
  release: number;
}

/** Who sees which pictures, as SQL conditions and viewers of the access rules. */
export interface PictureVisibility {
  gallerySeen: SQL;
  releaseViewer: ReleaseSearchViewer;
}

export interface PicturePage {
  limit: number;
  offset: number;
}

/** A picture found, as the page lists it. */
export interface FoundPicture {
  kind: BasketItemKind;
  id: number;
}

type FoundRow = { kind: BasketItemKind; id: number | string };

// Both drivers answer raw statements with their rows in `rows`.
const rowsOf = async <T>(db: Executor, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

const picked = (rows: FoundRow[]): FoundPicture[] =>
  rows.map((row) => ({ kind: row.kind, id: Number(row.id) }));

const counted = (
  row: { gallery?: number | string | null; release?: number | string | null } | undefined,
) => ({
  gallery: Number(row?.gallery ?? 0),
  release: Number(row?.release ?? 0),
});

/**
 * One page of the pictures found, newest first, and how many there are of each kind: one statement, the
 * count taken over the same rows the order needs anyway (planning and matching the words once, not twice);
 * only a page past the end, which holds no row to carry the count, asks for it alone. Every match is read:
 * what a search costs when nothing is known of it yet.
 */
export async function searchPictures(
  db: Executor,
  filters: PictureFilters,
  visibility: PictureVisibility,
  page: PicturePage,
): Promise<{ counts: PictureCounts; rows: FoundPicture[] }> {
  const source = found(filters, visibility.gallerySeen, visibility.releaseViewer);
  const perKind = sql`count(*) filter (where kind = 'gallery_image') as gallery,
    count(*) filter (where kind = 'release_image') as release`;
  const rows = await rowsOf<FoundRow & { gallery: number | string; release: number | string }>(
    db,
    sql`select kind, id, count(*) filter (where kind = 'gallery_image') over () as gallery,
      count(*) filter (where kind = 'release_image') over () as release
      from (${source}) as found
      order by created_at desc, kind, id desc limit ${page.limit} offset ${page.offset}`,
  );
  const counts =
    rows.length > 0 || page.offset === 0
      ? counted(rows[0])
      : counted((await rowsOf<PictureCounts>(db, sql`select ${perKind} from (${source}) as found`))[0]);
  return { counts, rows: picked(rows) };
}

/**
 * One page of the pictures found when how many there are of each kind is known: each kind read newest first
 * and cut at the page's end, so that for a common word the database walks the pictures in the order of
 * their index (`*_newest_idx`) and stops once the page is full, while a rare word's few matches still come
 * from the trigram index (the planner weighs the two with the word in hand). A kind found nowhere is not
 * read, nor is a page past the end.
 */
export async function pagePictures(
  db: Executor,
  filters: PictureFilters,
  visibility: PictureVisibility,
  page: PicturePage,
  counts: PictureCounts,
): Promise<FoundPicture[]> {
  if (page.offset >= counts.gallery + counts.release) return [];
  const through = page.offset + page.limit;
  const sides: SQL[] = [];
  if (counts.gallery > 0 && filters.kind !== 'release_image') {
    sides.push(sql`(${galleryPictures(filters, visibility.gallerySeen)}
      order by ${galleryImages.createdAt} desc, ${galleryImages.id} desc limit ${through})`);
  }
  if (counts.release > 0 && filters.kind !== 'gallery_image') {
    sides.push(sql`(${releasePictures(filters, visibility.releaseViewer)}
      order by ${pressReleaseFiles.createdAt} desc, ${pressReleaseFiles.id} desc limit ${through})`);
  }
  if (sides.length === 0) return [];
  const rows = await rowsOf<FoundRow>(
    db,
    sql`select kind, id from (${sql.join(sides, sql` union all `)}) as found
      order by created_at desc, kind, id desc limit ${page.limit} offset ${page.offset}`,
  );
  return picked(rows);
}

// ------------------------------------------------------------------------------------- what a page shows

/** Drivers differ on whether json arrives parsed; both shapes are accepted. */
const parsedJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const ids = sql`any(${sql.placeholder('ids')}::int[])`;

/**
 * The gallery pictures of a page with what shows them: their gallery and category, as the access rules read
 * them at `now` for `reader`. One statement, planned once per connection.
 */
const shownGalleryPictures = preparedPerExecutor((db) =>
  db
    .select({ image: galleryImages, gallery: galleryAtPlaceholders(), category: galleryCategories })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(sql`${galleryImages.id} = ${ids}`)
    .prepare('picture_search_gallery_pictures'),
);

/** Gallery pictures by id as a page of the search shows them, whoever reads it (in no order). */
export async function galleryPicturesShown(
  db: Executor,
  pictureIds: number[],
  reader: { now: Date; userId: number | null },
) {
  if (pictureIds.length === 0) return [];
  return shownGalleryPictures(db).execute({
    ids: pictureIds,
    now: reader.now.toISOString(),
    reader: reader.userId,
  });
}
export type GalleryPictureShown = Awaited<ReturnType<typeof galleryPicturesShown>>[number];

/** The release pictures of a page, with whether their release is read as the viewer reads it, and so on. */
const shownReleasePictures = (pressAccess: boolean) =>
  preparedPerExecutor((db) =>
    db
      .select({
        file: pressReleaseFiles,
        visible: sql<boolean>`${visibleAt(pressAccess, nowPlaceholder)}`,
        titles: sql<Record<string, string> | string>`coalesce((select json_object_agg(t.language, t.title)
          from press_release_translations t where t.press_release_id = ${pressReleases.id}), '{}'::json)`,
        groups: sql<number[] | string>`coalesce((select json_agg(g.press_group_id order by g.press_group_id)
          from press_release_groups g where g.press_release_id = ${pressReleases.id}), '[]'::json)`,
      })
      .from(pressReleaseFiles)
      .innerJoin(pressReleases, eq(pressReleases.id, pressReleaseFiles.pressReleaseId))
      .where(and(sql`${pressReleaseFiles.id} = ${ids}`, eq(pressReleaseFiles.kind, 'image')))
      .prepare(`picture_search_release_pictures_${pressAccess ? 'press' : 'public'}`),
  );
const shownReleasePicturesAs = { press: shownReleasePictures(true), public: shownReleasePictures(false) };

/**
 * Release pictures by id as a page of the search shows them, whoever reads it (in no order): with whether
 * the viewer may read their release (the releases' one rule), its titles and its sites.
 */
export async function releasePicturesShown(db: Executor, pictureIds: number[], viewer: ReleaseViewer) {
  if (pictureIds.length === 0) return [];
  const query = shownReleasePicturesAs[viewer.pressAccess ? 'press' : 'public'](db);
  const rows = await query.execute({ ids: pictureIds, now: viewer.now.toISOString() });
  return rows.map((row) => ({ ...row, titles: parsedJson(row.titles), groups: parsedJson(row.groups) }));
}
export type ReleasePictureShown = Awaited<ReturnType<typeof releasePicturesShown>>[number];

const basketMarksQuery = preparedPerExecutor((db) =>
  db
    .select({ kind: sql<BasketItemKind>`'gallery_image'`, id: basketItems.imageId })
    .from(basketItems)
    .where(
      and(
        eq(basketItems.userId, sql.placeholder('user')),
        sql`${basketItems.imageId} = any(${sql.placeholder('images')}::int[])`,
      ),
    )
    .unionAll(
      db
        .select({ kind: sql<BasketItemKind>`'release_image'`, id: basketReleaseFiles.fileId })
        .from(basketReleaseFiles)
        .where(
          and(
            eq(basketReleaseFiles.userId, sql.placeholder('user')),
            sql`${basketReleaseFiles.fileId} = any(${sql.placeholder('files')}::int[])`,
          ),
        ),
    )
    .prepare('picture_search_basket_marks'),
);

/** Which of these pictures are in the user's basket, as `kind id`. */
export async function basketMarks(db: Executor, userId: number, pictures: FoundPicture[]) {
  if (pictures.length === 0) return new Set<string>();
  const ofKind = (kind: BasketItemKind) =>
    pictures.filter((picture) => picture.kind === kind).map(({ id }) => id);
  const rows = await basketMarksQuery(db).execute({
    user: userId,
    images: ofKind('gallery_image'),
    files: ofKind('release_image'),
  });
  return new Set(rows.map((row) => `${row.kind} ${row.id}`));
}

/** The companies (and their brands) of releases with pictures the viewer may see: the search's filters. */
export async function releasePictureOwners(db: Executor, viewer: ReleaseSearchViewer) {
  const owners = sql`(select ${pressReleases.companyId} from ${pressReleases}
    where ${and(
      visibleTo(viewer),
      viewer.site === null ? undefined : onSite(viewer.site),
      sql`${pressReleases.companyId} is not null`,
      sql`exists (select 1 from ${pressReleaseFiles} where ${pressReleaseFiles.pressReleaseId} = ${pressReleases.id} and ${pressReleaseFiles.kind} = 'image')`,
    )})`;
  const [companyRows, brandRows] = await Promise.all([
    db
      .select({ id: companies.id, name: companyName })
      .from(companies)
      .where(sql`${companies.id} in ${owners}`),
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(
        sql`${brands.id} in (select ${companyBrands.brandId} from ${companyBrands} where ${companyBrands.companyId} in ${owners})`,
      ),
  ]);
  return { companies: companyRows, brands: brandRows };
}
