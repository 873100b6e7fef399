import { basketItems, type Executor, galleries, galleryCategories, galleryImages } from '@pressroom/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

/** Which of these images are in the user's basket (for the lists' "in basket" marks). */
export async function basketImageIds(executor: Executor, userId: number, imageIds: number[]) {
  if (imageIds.length === 0) return new Set<number>();
  const rows = await executor
    .select({ imageId: basketItems.imageId })
    .from(basketItems)
    .where(and(eq(basketItems.userId, userId), inArray(basketItems.imageId, imageIds)));
  return new Set(rows.map((row) => row.imageId));
}

/** The basket with each image, its gallery and category (for the visibility check), in the order picked. */
export function basketOf(executor: Executor, userId: number) {
  return executor
    .select({
      item: basketItems,
      image: galleryImages,
      gallery: galleries,
      category: galleryCategories,
    })
    .from(basketItems)
    .innerJoin(galleryImages, eq(galleryImages.id, basketItems.imageId))
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(eq(basketItems.userId, userId))
    .orderBy(asc(galleries.id), asc(galleryImages.position), asc(galleryImages.id));
}

export async function addToBasket(
  executor: Executor,
  userId: number,
  pressGroupId: number,
  imageIds: number[],
  now: Date,
) {
  if (imageIds.length === 0) return;
  await executor
    .insert(basketItems)
    .values(imageIds.map((imageId) => ({ userId, imageId, pressGroupId, addedAt: now })))
    .onConflictDoNothing();
}

export async function removeFromBasket(executor: Executor, userId: number, imageIds: number[] | null) {
  await executor
    .delete(basketItems)
    .where(
      imageIds === null
        ? eq(basketItems.userId, userId)
        : and(eq(basketItems.userId, userId), inArray(basketItems.imageId, imageIds)),
    );
}
