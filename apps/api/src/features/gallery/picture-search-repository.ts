import type { BasketItemKind, PictureOrientation } from '@pressroom/contract';
import {
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
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Viewer as ReleaseViewer, visibleTo } from '../../access/index.ts';
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

/**
 * One page of the pictures found, newest first, and how many there are in all: one statement, the count
 * taken over the same rows the order needs anyway (planning and matching the words once, not twice); only a
 * page past the end, which holds no row to carry the count, asks for it alone.
 */
export async function searchPictures(
  db: Executor,
  filters: PictureFilters,
  visibility: { gallerySeen: SQL; releaseViewer: ReleaseSearchViewer },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: { kind: BasketItemKind; id: number }[] }> {
  const source = found(filters, visibility.gallerySeen, visibility.releaseViewer);
  // Both drivers answer raw statements with their rows in `rows`.
  const rowsOf = async <T>(statement: SQL) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const rows = await rowsOf<{ kind: BasketItemKind; id: number | string; total: number | string }>(
    sql`select kind, id, count(*) over () as total from (${source}) as found
      order by created_at desc, kind, id desc limit ${page.limit} offset ${page.offset}`,
  );
  const total =
    rows.length > 0 || page.offset === 0
      ? Number(rows[0]?.total ?? 0)
      : Number(
          (
            await rowsOf<{ total: number | string }>(sql`select count(*) as total from (${source}) as found`)
          )[0]?.total ?? 0,
        );
  return { count: total, rows: rows.map((row) => ({ kind: row.kind, id: Number(row.id) })) };
}

/** Which of these release pictures are in the user's basket. */
export async function basketReleaseFileIds(db: Executor, userId: number, fileIds: number[]) {
  if (fileIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ fileId: basketReleaseFiles.fileId })
    .from(basketReleaseFiles)
    .where(and(eq(basketReleaseFiles.userId, userId), inArray(basketReleaseFiles.fileId, fileIds)));
  return new Set(rows.map((row) => row.fileId));
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
