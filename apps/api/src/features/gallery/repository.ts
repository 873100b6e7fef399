import {
  type Executor,
  galleries,
  galleryCategories,
  galleryImages,
  type ImageRenditionFacts,
} from '@pressroom/db';
import { and, asc, count, eq, inArray, type SQL, sql, sum } from 'drizzle-orm';
import { categoryOnSite, galleryAt, galleryWithCategory } from '../../access/index.ts';

export { categoryOnSite, galleryAt } from '../../access/index.ts';

import type { CategoryRow } from '../../access/index.ts';

export type { CategoryRow, GalleryRow } from '../../access/index.ts';
export type ImageRow = typeof galleryImages.$inferSelect;

/** An image's keywords as one text, for the lists' search ("tiles" finds an image keyed "Tiles"). */
export const imageKeywordsText = sql`array_to_string(${galleryImages.keywords}, ' ')`;

export async function listCategories(db: Executor, siteId: number | null): Promise<CategoryRow[]> {
  return db
    .select()
    .from(galleryCategories)
    .where(siteId === null ? undefined : categoryOnSite(siteId))
    .orderBy(asc(galleryCategories.position), asc(galleryCategories.id));
}

export async function listGalleriesWithCounts(
  db: Executor,
  categoryIds: number[],
  now: Date,
  readerId: number | null = null,
) {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .select(galleryAt(now, readerId))
    .from(galleries)
    .where(inArray(galleries.categoryId, categoryIds))
    .orderBy(asc(galleries.position), asc(galleries.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ galleryId: galleryImages.galleryId, total: count() })
    .from(galleryImages)
    .where(
      inArray(
        galleryImages.galleryId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(galleryImages.galleryId);
  const byGallery = new Map(counts.map((row) => [row.galleryId, row.total]));
  return rows.map((gallery) => ({ gallery, imageCount: byGallery.get(gallery.id) ?? 0 }));
}

export async function findCategory(db: Executor, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(galleryCategories).where(eq(galleryCategories.id, id));
  return row;
}

export const findGallery = galleryWithCategory;

export async function galleryTotals(db: Executor, galleryId: number) {
  const [row] = await db
    .select({ images: count(), bytes: sum(galleryImages.size) })
    .from(galleryImages)
    .where(eq(galleryImages.galleryId, galleryId));
  return { images: row?.images ?? 0, bytes: Number(row?.bytes ?? 0) };
}

export async function findImage(db: Executor, id: number, now: Date, readerId: number | null = null) {
  const [row] = await db
    .select({ image: galleryImages, gallery: galleryAt(now, readerId), category: galleryCategories })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(eq(galleryImages.id, id));
  return row;
}

export async function imagesWithGalleries(
  db: Executor,
  where: SQL,
  now: Date,
  readerId: number | null = null,
) {
  return db
    .select({ image: galleryImages, gallery: galleryAt(now, readerId), category: galleryCategories })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(where)
    .orderBy(asc(galleryImages.galleryId), asc(galleryImages.position), asc(galleryImages.id));
}

export async function countImages(db: Executor, galleryId: number, where: SQL | undefined) {
  const [row] = await db
    .select({ total: count() })
    .from(galleryImages)
    .where(and(eq(galleryImages.galleryId, galleryId), where));
  return row?.total ?? 0;
}

export async function pageImages(
  db: Executor,
  galleryId: number,
  options: { where: SQL | undefined; orderBy: SQL[]; limit: number | null; offset: number },
) {
  const query = db
    .select()
    .from(galleryImages)
    .where(and(eq(galleryImages.galleryId, galleryId), options.where))
    .orderBy(...options.orderBy)
    .offset(options.offset);
  return options.limit === null ? query : query.limit(options.limit);
}

export async function nextCategoryPosition(db: Executor, parentId: number | null) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${galleryCategories.position})` })
    .from(galleryCategories)
    .where(
      parentId === null
        ? sql`${galleryCategories.parentId} is null`
        : eq(galleryCategories.parentId, parentId),
    );
  return (row?.max ?? -1) + 1;
}

export async function nextGalleryPosition(db: Executor, categoryId: number) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${galleries.position})` })
    .from(galleries)
    .where(eq(galleries.categoryId, categoryId));
  return (row?.max ?? -1) + 1;
}

export async function nextImagePosition(db: Executor, galleryId: number) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${galleryImages.position})` })
    .from(galleryImages)
    .where(eq(galleryImages.galleryId, galleryId));
  return (row?.max ?? -1) + 1;
}

export async function categoryHasContent(db: Executor, id: number) {
  const [children] = await db
    .select({ total: count() })
    .from(galleryCategories)
    .where(eq(galleryCategories.parentId, id));
  const [held] = await db.select({ total: count() }).from(galleries).where(eq(galleries.categoryId, id));
  return (children?.total ?? 0) + (held?.total ?? 0) > 0;
}

/** How many images still use a stored file (the same bytes may be uploaded to several galleries). */
export async function checksumUses(db: Executor, checksum: string) {
  const [row] = await db
    .select({ total: count() })
    .from(galleryImages)
    .where(eq(galleryImages.checksum, checksum));
  return row?.total ?? 0;
}

export async function insertCategory(db: Executor, values: typeof galleryCategories.$inferInsert) {
  const [row] = await db.insert(galleryCategories).values(values).returning();
  return row;
}

export async function updateCategory(
  db: Executor,
  id: number,
  values: Partial<typeof galleryCategories.$inferInsert>,
) {
  const [row] = await db
    .update(galleryCategories)
    .set(values)
    .where(eq(galleryCategories.id, id))
    .returning();
  return row;
}

export async function deleteCategory(db: Executor, id: number) {
  await db.delete(galleryCategories).where(eq(galleryCategories.id, id));
}

export async function insertGallery(db: Executor, values: typeof galleries.$inferInsert) {
  const [row] = await db.insert(galleries).values(values).returning();
  return row;
}

export async function updateGallery(
  db: Executor,
  id: number,
  values: Partial<typeof galleries.$inferInsert>,
) {
  const [row] = await db.update(galleries).set(values).where(eq(galleries.id, id)).returning();
  return row;
}

/** Deletes the gallery with its images; answers the images it held, whose files may now be unused. */
export async function deleteGallery(db: Executor, id: number) {
  const images = await db.select().from(galleryImages).where(eq(galleryImages.galleryId, id));
  await db.delete(galleries).where(eq(galleries.id, id));
  return images;
}

export async function insertImages(db: Executor, values: (typeof galleryImages.$inferInsert)[]) {
  return db.insert(galleryImages).values(values).returning();
}

export async function updateImage(
  db: Executor,
  id: number,
  values: Partial<typeof galleryImages.$inferInsert>,
) {
  const [row] = await db.update(galleryImages).set(values).where(eq(galleryImages.id, id)).returning();
  return row;
}

export async function deleteImage(db: Executor, id: number) {
  await db.delete(galleryImages).where(and(eq(galleryImages.id, id)));
}

export async function setRenditions(db: Executor, id: number, renditions: ImageRenditionFacts) {
  await db.update(galleryImages).set({ renditions }).where(eq(galleryImages.id, id));
}

/** One image without renditions, locked for this transaction; one another server holds is passed over. */
export async function claimImageWithoutRenditions(tx: Executor) {
  const [row] = await tx
    .select()
    .from(galleryImages)
    .where(sql`${galleryImages.renditions} is null`)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}
