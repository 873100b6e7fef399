import type { BasketItemKind, PictureKind, PictureOrientation } from '@pressroom/contract';
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
  videos,
} from '@pressroom/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  galleryAtPlaceholders,
  nowPlaceholder,
  type Viewer as ReleaseViewer,
  releaseOnSite,
  type VideoSearchViewer,
  videoSeenBy,
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
  kind?: PictureKind;
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

/** The company a video shows: its gallery's or its release's (both joined, one of them missing). */
const videoCompany = sql`coalesce(${galleries.companyId}, ${pressReleases.companyId})`;

/**
 * The videos matching, of galleries and releases the viewer sees (the videos' rule: as their gallery or
 * release, access/videos.ts), by the same words and filters as the pictures: the site of their gallery's
 * category or their release, their gallery's or release's company and its brands, their shape.
 */
function videosFound(filters: PictureFilters, viewer: VideoSearchViewer, now: Date) {
  const conditions = [
    videoSeenBy(viewer, now),
    ...hasWords(videos.searchText, filters.words),
    filters.site === undefined
      ? undefined
      : sql`((${videos.galleryId} is not null and ${categoryOnSite(filters.site)})
        or (${videos.pressReleaseId} is not null and ${releaseOnSite(filters.site)}))`,
    filters.company === undefined ? undefined : sql`${videoCompany} = ${filters.company}`,
    filters.brand === undefined
      ? undefined
      : sql`exists (select 1 from ${companyBrands} where ${companyBrands.companyId} = ${videoCompany} and ${companyBrands.brandId} = ${filters.brand})`,
    filters.orientation ? shaped(videos.width, videos.height)[filters.orientation] : undefined,
  ];
  return sql`select 'video' as kind, ${videos.id} as id, ${videos.createdAt} as created_at
    from ${videos}
    left join ${galleries} on ${galleries.id} = ${videos.galleryId}
    left join ${galleryCategories} on ${galleryCategories.id} = ${galleries.categoryId}
    left join ${pressReleases} on ${pressReleases.id} = ${videos.pressReleaseId}
    where ${and(...conditions)}`;
}

/** Everything a search finds, of every kind (the kind asked is chosen from it: every kind is counted). */
function found(filters: PictureFilters, visibility: PictureVisibility): SQL {
  return sql`${galleryPictures(filters, visibility.gallerySeen)}
    union all ${releasePictures(filters, visibility.releaseViewer)}
    union all ${videosFound(filters, visibility.videoViewer, visibility.now)}`;
}

/** How many pictures and videos a search finds, of each kind. */
export interface PictureCounts {
  gallery: number;
  release: number;
  video: number;
}

/** Who sees which pictures and videos, as SQL conditions and viewers of the access rules. */
export interface PictureVisibility {
  gallerySeen: SQL;
  releaseViewer: ReleaseSearchViewer;
  videoViewer: VideoSearchViewer;
  now: Date;
}

export interface PicturePage {
  limit: number;
  offset: number;
}

/** A picture or a video found, as the page lists it. */
export interface FoundPicture {
  kind: PictureKind;
  id: number;
}

type FoundRow = { kind: PictureKind; id: number | string };

// Both drivers answer raw statements with their rows in `rows`.
const rowsOf = async <T>(db: Executor, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

const picked = (rows: FoundRow[]): FoundPicture[] =>
  rows.map((row) => ({ kind: row.kind, id: Number(row.id) }));

type CountedRow = {
  gallery?: number | string | null;
  release?: number | string | null;
  video?: number | string | null;
};

const counted = (row: CountedRow | undefined): PictureCounts => ({
  gallery: Number(row?.gallery ?? 0),
  release: Number(row?.release ?? 0),
  video: Number(row?.video ?? 0),
});

/** How many a search finds of the kind asked (every kind: all of them). */
export function countOfKind(counts: PictureCounts, kind: PictureKind | undefined): number {
  if (kind === 'gallery_image') return counts.gallery;
  if (kind === 'release_image') return counts.release;
  if (kind === 'video') return counts.video;
  return counts.gallery + counts.release + counts.video;
}

const ofKindAsked = (kind: PictureKind | undefined) => (kind === undefined ? sql`true` : sql`kind = ${kind}`);

/**
 * One page of the pictures and videos found, newest first, and how many there are of each kind (whatever
 * kind is asked, so the kind filter says what each offers): one statement, the counts taken over the same rows
 * the order needs anyway (planning and matching the words once, not twice); only a page holding no row to
 * carry the counts (past the end, or of a kind found nowhere) asks for them alone. Every match is read: what a
 * search costs when nothing is known of it yet.
 */
export async function searchPictures(
  db: Executor,
  filters: PictureFilters,
  visibility: PictureVisibility,
  page: PicturePage,
): Promise<{ counts: PictureCounts; rows: FoundPicture[] }> {
  const source = found(filters, visibility);
  const perKind = (over: SQL) => sql`count(*) filter (where kind = 'gallery_image')${over} as gallery,
    count(*) filter (where kind = 'release_image')${over} as release,
    count(*) filter (where kind = 'video')${over} as video`;
  const rows = await rowsOf<FoundRow & CountedRow>(
    db,
    sql`select kind, id, gallery, release, video from (
        select kind, id, created_at, ${perKind(sql` over ()`)} from (${source}) as found
      ) as counted
      where ${ofKindAsked(filters.kind)}
      order by created_at desc, kind, id desc limit ${page.limit} offset ${page.offset}`,
  );
  const counts =
    rows.length > 0 || (page.offset === 0 && filters.kind === undefined)
      ? counted(rows[0])
      : counted((await rowsOf<CountedRow>(db, sql`select ${perKind(sql``)} from (${source}) as found`))[0]);
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
  if (page.offset >= countOfKind(counts, filters.kind)) return [];
  const through = page.offset + page.limit;
  const asked = (kind: PictureKind) => filters.kind === undefined || filters.kind === kind;
  const sides: SQL[] = [];
  if (counts.gallery > 0 && asked('gallery_image')) {
    sides.push(sql`(${galleryPictures(filters, visibility.gallerySeen)}
      order by ${galleryImages.createdAt} desc, ${galleryImages.id} desc limit ${through})`);
  }
  if (counts.release > 0 && asked('release_image')) {
    sides.push(sql`(${releasePictures(filters, visibility.releaseViewer)}
      order by ${pressReleaseFiles.createdAt} desc, ${pressReleaseFiles.id} desc limit ${through})`);
  }
  if (counts.video > 0 && asked('video')) {
    sides.push(sql`(${videosFound(filters, visibility.videoViewer, visibility.now)}
      order by ${videos.createdAt} desc, ${videos.id} desc limit ${through})`);
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

/** The gallery videos of a page with their gallery and category, as the access rules read them at `now`. */
const shownGalleryVideos = preparedPerExecutor((db) =>
  db
    .select({ video: videos, gallery: galleryAtPlaceholders(), category: galleryCategories })
    .from(videos)
    .innerJoin(galleries, eq(galleries.id, videos.galleryId))
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(sql`${videos.id} = ${ids}`)
    .prepare('picture_search_gallery_videos'),
);

/** The release videos of a page with their release's titles. */
const shownReleaseVideos = preparedPerExecutor((db) =>
  db
    .select({
      video: videos,
      titles: sql<Record<string, string> | string>`coalesce((select json_object_agg(t.language, t.title)
        from press_release_translations t where t.press_release_id = videos.press_release_id), '{}'::json)`,
    })
    .from(videos)
    .where(and(sql`${videos.id} = ${ids}`, sql`${videos.pressReleaseId} is not null`))
    .prepare('picture_search_release_videos'),
);

/**
 * Videos by id as a page of the search shows them, whoever reads it (in no order): a gallery's with its
 * gallery and category as the access rules read them for `reader` at `now`, a release's with its titles.
 */
export async function videosShown(
  db: Executor,
  videoIds: number[],
  reader: { now: Date; userId: number | null },
) {
  if (videoIds.length === 0) return { gallery: [], release: [] };
  const [gallery, release] = await Promise.all([
    shownGalleryVideos(db).execute({ ids: videoIds, now: reader.now.toISOString(), reader: reader.userId }),
    shownReleaseVideos(db).execute({ ids: videoIds }),
  ]);
  return { gallery, release: release.map((row) => ({ ...row, titles: parsedJson(row.titles) })) };
}
export type VideosShown = Awaited<ReturnType<typeof videosShown>>;

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
