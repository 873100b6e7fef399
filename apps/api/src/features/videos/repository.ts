import {
  type Executor,
  galleryImages,
  pressReleaseFiles,
  users,
  videoCaptions,
  videos,
  videoUploadParts,
  videoUploads,
} from '@pressroom/db';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';

export type VideoRow = typeof videos.$inferSelect;
export type VideoPartRow = typeof videoUploadParts.$inferSelect;
export type VideoCaptionRow = typeof videoCaptions.$inferSelect;

import type { VideoOwner } from '../../access/index.ts';

export type { VideoOwner } from '../../access/index.ts';

/** The most videos one release or gallery shows (a page of them, never an unbounded list). */
const videosPerOwner = 100;
/** The most parts one upload may have (VIDEO_MAX_BYTES / part size, with room). */
const maxPartsRead = 100_000;

const ownerCondition = (owner: VideoOwner) =>
  'pressReleaseId' in owner
    ? eq(videos.pressReleaseId, owner.pressReleaseId)
    : eq(videos.galleryId, owner.galleryId);

// ------------------------------------------------------------------------------------------------ uploads

export async function insertUpload(
  db: Executor,
  values: { createdById: number; fileName: string; declaredSize: number; createdAt: Date },
) {
  const [row] = await db.insert(videoUploads).values(values).returning();
  return row;
}

/** Serialises one uploader's uploads as they begin: their user row, locked until the transaction ends. */
export async function lockUploader(db: Executor, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The video bytes a user keeps: their videos, and their uploads under way as declared (by the uploader indexes). */
export async function videoBytesOf(db: Executor, userId: number) {
  const [kept] = await db
    .select({ bytes: sql<string>`coalesce(sum(${videos.fileSize}), 0)` })
    .from(videos)
    .where(eq(videos.createdById, userId));
  const [coming] = await db
    .select({ bytes: sql<string>`coalesce(sum(${videoUploads.declaredSize}), 0)` })
    .from(videoUploads)
    .where(eq(videoUploads.createdById, userId));
  return Number(kept?.bytes ?? 0) + Number(coming?.bytes ?? 0);
}

export async function findUpload(db: Executor, id: string) {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.id, id));
  return row ?? null;
}

/**
 * Records a part (a part sent again replaces the one before) and answers the bytes received of the whole
 * upload, counted from its parts in the same statement's transaction, so parts arriving on two servers at
 * once are both counted.
 */
export async function recordPart(
  db: Executor,
  part: { uploadId: string; partNumber: number; size: number; fileKey: string },
) {
  return db.transaction(async (tx) => {
    await tx
      .insert(videoUploadParts)
      .values(part)
      .onConflictDoUpdate({
        target: [videoUploadParts.uploadId, videoUploadParts.partNumber],
        set: { size: part.size, fileKey: part.fileKey },
      });
    const [row] = await tx
      .update(videoUploads)
      .set({
        receivedSize: sql`(select coalesce(sum(${videoUploadParts.size}), 0) from ${videoUploadParts}
          where ${videoUploadParts.uploadId} = ${part.uploadId})`,
      })
      .where(eq(videoUploads.id, part.uploadId))
      .returning({ receivedSize: videoUploads.receivedSize });
    return Number(row?.receivedSize ?? 0);
  });
}

export async function partsOf(db: Executor, uploadId: string): Promise<VideoPartRow[]> {
  return db
    .select()
    .from(videoUploadParts)
    .where(eq(videoUploadParts.uploadId, uploadId))
    .orderBy(asc(videoUploadParts.partNumber))
    .limit(maxPartsRead);
}

/** Marks the upload as being joined; null when another request already is (only one joins it). */
export async function claimUpload(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(videoUploads)
    .set({ completingAt: now })
    .where(and(eq(videoUploads.id, id), isNull(videoUploads.completingAt)))
    .returning();
  return row ?? null;
}

/** Lets the upload be completed again (the join failed for a reason that was not the file's). */
export async function releaseUpload(db: Executor, id: string) {
  await db.update(videoUploads).set({ completingAt: null }).where(eq(videoUploads.id, id));
}

/** Removes the upload with its parts' rows, answering the parts' keys (their objects are the caller's to delete). */
export async function deleteUpload(db: Executor, id: string) {
  const parts = await partsOf(db, id);
  await db.delete(videoUploads).where(eq(videoUploads.id, id));
  return parts.map((part) => part.fileKey);
}

/** Uploads begun before `before` and never completed, oldest first. */
export async function staleUploads(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: videoUploads.id })
    .from(videoUploads)
    .where(lt(videoUploads.createdAt, before))
    .orderBy(asc(videoUploads.createdAt))
    .limit(limit);
}

// ------------------------------------------------------------------------------------------------ videos

export async function insertVideo(
  db: Executor,
  values: Omit<typeof videos.$inferInsert, 'position'> & { owner: VideoOwner },
) {
  const { owner, ...rest } = values;
  const [row] = await db
    .insert(videos)
    .values({
      ...rest,
      pressReleaseId: 'pressReleaseId' in owner ? owner.pressReleaseId : null,
      galleryId: 'galleryId' in owner ? owner.galleryId : null,
      // After the owner's last video.
      position: sql`(select coalesce(max(${videos.position}) + 1, 0) from ${videos} where ${ownerCondition(owner)})`,
    })
    .returning();
  return row;
}

export async function findVideo(db: Executor, id: number) {
  const [row] = await db.select().from(videos).where(eq(videos.id, id));
  return row ?? null;
}

/** Videos by id (a bounded list: a basket's or a selection's), in their owners' order. */
export async function videosByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(videos)
    .where(inArray(videos.id, ids))
    .orderBy(asc(videos.pressReleaseId), asc(videos.galleryId), asc(videos.position), asc(videos.id));
}

export async function videosOf(db: Executor, owner: VideoOwner) {
  return db
    .select()
    .from(videos)
    .where(ownerCondition(owner))
    .orderBy(asc(videos.position), asc(videos.id))
    .limit(videosPerOwner);
}

export async function captionsOf(db: Executor, videoIds: number[]) {
  if (videoIds.length === 0) return [];
  return db
    .select()
    .from(videoCaptions)
    .where(inArray(videoCaptions.videoId, videoIds))
    .orderBy(asc(videoCaptions.videoId), asc(videoCaptions.language));
}

export async function findCaption(db: Executor, videoId: number, language: string) {
  const [row] = await db
    .select()
    .from(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)));
  return row ?? null;
}

/** Stores the captions of a language, answering the key they replaced (null if none). */
export async function putCaption(
  db: Executor,
  values: { videoId: number; language: string; fileKey: string; size: number },
) {
  const before = await findCaption(db, values.videoId, values.language);
  await db
    .insert(videoCaptions)
    .values(values)
    .onConflictDoUpdate({
      target: [videoCaptions.videoId, videoCaptions.language],
      set: { fileKey: values.fileKey, size: values.size },
    });
  return before?.fileKey ?? null;
}

export async function deleteCaption(db: Executor, videoId: number, language: string) {
  const [row] = await db
    .delete(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)))
    .returning();
  return row ?? null;
}

export async function updateVideo(db: Executor, id: number, set: Partial<typeof videos.$inferInsert>) {
  if (Object.keys(set).length === 0) return findVideo(db, id);
  const [row] = await db.update(videos).set(set).where(eq(videos.id, id)).returning();
  return row ?? null;
}

export async function deleteVideo(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const captions = await captionsOf(tx, [id]);
    const [row] = await tx.delete(videos).where(eq(videos.id, id)).returning();
    return row ? { video: row, captionKeys: captions.map((caption) => caption.fileKey) } : null;
  });
}

/** Whether another video or caption still names these stored bytes (kept by checksum, so shared). */
export async function fileKeyInUse(db: Executor, key: string, exceptVideo: number) {
  const [video] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(or(eq(videos.fileKey, key), eq(videos.posterKey, key)), ne(videos.id, exceptVideo)))
    .limit(1);
  if (video) return true;
  const [caption] = await db
    .select({ id: videoCaptions.videoId })
    .from(videoCaptions)
    .where(and(eq(videoCaptions.fileKey, key), ne(videoCaptions.videoId, exceptVideo)))
    .limit(1);
  return Boolean(caption);
}

/** Whether a poster's renditions (kept by checksum beside the pictures') serve anything else too. */
export async function renditionsInUse(db: Executor, checksum: string, exceptVideo: number) {
  const [other] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.posterChecksum, checksum), ne(videos.id, exceptVideo)))
    .limit(1);
  if (other) return true;
  const [image] = await db
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(eq(galleryImages.checksum, checksum))
    .limit(1);
  if (image) return true;
  const [file] = await db
    .select({ id: pressReleaseFiles.id })
    .from(pressReleaseFiles)
    .where(eq(pressReleaseFiles.sha256, checksum))
    .limit(1);
  return Boolean(file);
}

// ------------------------------------------------------------------------------------------------ owners
