import {
  basketItems,
  basketReleaseFiles,
  basketVideos,
  type Executor,
  galleries,
  galleryCategories,
  galleryImages,
  pressReleaseFiles,
  pressReleases,
  videos,
} from '@pressroom/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Viewer, visibleTo } from '../../access/index.ts';
import { galleryAt } from './repository.ts';

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
export function basketOf(executor: Executor, userId: number, now: Date) {
  return executor
    .select({
      item: basketItems,
      image: galleryImages,
      gallery: galleryAt(now, userId),
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

/** Every picture of a gallery into the user's basket, in one statement (those already there are kept once). */
export async function addGalleryToBasket(
  executor: Executor,
  userId: number,
  pressGroupId: number,
  galleryId: number,
  now: Date,
) {
  await executor
    .insert(basketItems)
    .select(
      executor
        .select({
          userId: sql<number>`${userId}::integer`.as('user_id'),
          imageId: sql<number>`${galleryImages.id}`.as('image_id'),
          pressGroupId: sql<number>`${pressGroupId}::integer`.as('press_group_id'),
          addedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('added_at'),
        })
        .from(galleryImages)
        .where(eq(galleryImages.galleryId, galleryId)),
    )
    .onConflictDoNothing();
}

/** Takes every picture of a gallery out of the user's basket. */
export async function removeGalleryFromBasket(executor: Executor, userId: number, galleryId: number) {
  await executor
    .delete(basketItems)
    .where(
      and(
        eq(basketItems.userId, userId),
        inArray(
          basketItems.imageId,
          executor
            .select({ id: galleryImages.id })
            .from(galleryImages)
            .where(eq(galleryImages.galleryId, galleryId)),
        ),
      ),
    );
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

// ------------------------------------------------------------------------------------------ release pictures

const releaseImageColumns = (viewer: Viewer) => ({
  file: pressReleaseFiles,
  visible: sql<boolean>`${visibleTo(viewer)}`,
  titles: sql<Record<string, string>>`coalesce((select json_object_agg(t.language, t.title)
    from press_release_translations t where t.press_release_id = ${pressReleases.id}), '{}'::json)`,
  groups: sql<number[] | string>`coalesce((select json_agg(g.press_group_id order by g.press_group_id)
    from press_release_groups g where g.press_release_id = ${pressReleases.id}), '[]'::json)`,
});

/** Release pictures by file id, with whether the viewer may read their release and its titles. */
export function releaseImagesByIds(executor: Executor, viewer: Viewer, fileIds: number[]) {
  return executor
    .select(releaseImageColumns(viewer))
    .from(pressReleaseFiles)
    .innerJoin(pressReleases, eq(pressReleases.id, pressReleaseFiles.pressReleaseId))
    .where(and(inArray(pressReleaseFiles.id, fileIds), eq(pressReleaseFiles.kind, 'image')))
    .orderBy(asc(pressReleases.id), asc(pressReleaseFiles.position), asc(pressReleaseFiles.id));
}

/** The release pictures in the user's basket, in the order of their releases. */
export function basketReleaseImagesOf(executor: Executor, viewer: Viewer, userId: number) {
  return executor
    .select({ ...releaseImageColumns(viewer), item: basketReleaseFiles })
    .from(basketReleaseFiles)
    .innerJoin(pressReleaseFiles, eq(pressReleaseFiles.id, basketReleaseFiles.fileId))
    .innerJoin(pressReleases, eq(pressReleases.id, pressReleaseFiles.pressReleaseId))
    .where(eq(basketReleaseFiles.userId, userId))
    .orderBy(asc(pressReleases.id), asc(pressReleaseFiles.position), asc(pressReleaseFiles.id));
}

export async function addReleaseImagesToBasket(
  executor: Executor,
  userId: number,
  pressGroupId: number,
  fileIds: number[],
  now: Date,
) {
  if (fileIds.length === 0) return;
  await executor
    .insert(basketReleaseFiles)
    .values(fileIds.map((fileId) => ({ userId, fileId, pressGroupId, addedAt: now })))
    .onConflictDoNothing();
}

export async function removeReleaseImagesFromBasket(
  executor: Executor,
  userId: number,
  fileIds: number[] | null,
) {
  await executor
    .delete(basketReleaseFiles)
    .where(
      fileIds === null
        ? eq(basketReleaseFiles.userId, userId)
        : and(eq(basketReleaseFiles.userId, userId), inArray(basketReleaseFiles.fileId, fileIds)),
    );
}

// ------------------------------------------------------------------------------------------------ videos

// The outer video's columns are named with their table: inside a subquery, drizzle's bare column name would
// be read as the inner table's own column of that name.
const videoFolderColumns = {
  video: videos,
  releaseTitles: sql<Record<string, string> | string>`coalesce((select json_object_agg(t.language, t.title)
    from press_release_translations t where t.press_release_id = "videos"."press_release_id"), '{}'::json)`,
  galleryNames: sql<Record<string, string> | string | null>`(select g.names from ${galleries} g
    where g.id = "videos"."gallery_id")`,
};

/** Videos by id with the names of their folders, as the basket's ZIP names them (a bounded list). */
export function videosWithFolders(executor: Executor, videoIds: number[]) {
  return executor
    .select(videoFolderColumns)
    .from(videos)
    .where(inArray(videos.id, videoIds))
    .orderBy(asc(videos.pressReleaseId), asc(videos.galleryId), asc(videos.position), asc(videos.id));
}

/**
 * The videos in the user's basket with the names of their folders (the release's titles in each language, or
 * the gallery's names), in the order of their releases and galleries. Who may still see them is the videos'
 * rule, checked by the caller.
 */
export function basketVideosOf(executor: Executor, userId: number) {
  return executor
    .select({ item: basketVideos, ...videoFolderColumns })
    .from(basketVideos)
    .innerJoin(videos, eq(videos.id, basketVideos.videoId))
    .where(eq(basketVideos.userId, userId))
    .orderBy(asc(videos.pressReleaseId), asc(videos.galleryId), asc(videos.position), asc(videos.id));
}

export async function addVideosToBasket(
  executor: Executor,
  userId: number,
  pressGroupId: number,
  videoIds: number[],
  now: Date,
) {
  if (videoIds.length === 0) return;
  await executor
    .insert(basketVideos)
    .values(videoIds.map((videoId) => ({ userId, videoId, pressGroupId, addedAt: now })))
    .onConflictDoNothing();
}

export async function removeVideosFromBasket(executor: Executor, userId: number, videoIds: number[] | null) {
  await executor
    .delete(basketVideos)
    .where(
      videoIds === null
        ? eq(basketVideos.userId, userId)
        : and(eq(basketVideos.userId, userId), inArray(basketVideos.videoId, videoIds)),
    );
}
