import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Language,
  type VideoUpdate,
  type VideoUploadComplete,
  videoCaptionMaxBytes,
  videoPartCount,
} from '@pressroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { ownerEditableBy, ownerSeenBy, ownerStillServed, readerOf } from '../../access/index.ts';
import { ApiError, notFound, permissionDenied } from '../../lib/api-error.ts';
import { bytesIn } from '../../lib/byte-size.ts';
import type { AuthUser } from '../../lib/identity.ts';
import { renditionKinds, renditionPath, writeRenditions } from '../../lib/image-renditions.ts';
import { checkRasterUpload } from '../../lib/raster-upload.ts';
import { type LinkViewer, linkViewer, signedForThisSite } from '../../lib/signed-urls.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { checksumKey, type ReceivedFile, storeByChecksum } from '../../lib/uploads.ts';
import { formatBytes } from '../../lib/zip-download.ts';
import { readVideoFacts } from './parse-video.ts';
import type { VideoOwner, VideoRow } from './repository.ts';
import * as repository from './repository.ts';

// Videos of releases and galleries. An upload comes in numbered parts, each kept in the file store as it
// arrives (any app server may take any part), then is joined in order, read by the parser and kept by its
// checksum; anything the parser does not accept is refused and nothing of it is kept. Readers see a video
// exactly when they may see its release or gallery.

const partKey = (uploadId: string, number: number) => `video-uploads/${uploadId}/${number}`;
const workDirectory = (app: FastifyInstance, ...parts: string[]) =>
  temporaryDirectory(app.config.dataDir, 'videos', ...parts);

/** Uploads left unfinished this long are removed by the cleanup job. */
const unfinishedUploadLifetimeMs = 24 * 60 * 60 * 1000;

// ------------------------------------------------------------------------------------------------ who may

/** May edit the videos of the release or gallery: whoever may edit it. A missing owner is a 404. */
async function assertOwnerEditable(app: FastifyInstance, user: AuthUser, owner: VideoOwner) {
  const editable = await ownerEditableBy(app.db, user, owner, app.clock.now());
  if (editable === 'missing') throw notFound();
  if (editable === 'forbidden') throw permissionDenied();
}

const ownerOf = (video: VideoRow): VideoOwner =>
  video.pressReleaseId !== null
    ? { pressReleaseId: video.pressReleaseId }
    : { galleryId: video.galleryId as number };

/** A video its owner's editor may change; 404 when there is none, 403 when the caller may not edit it. */
export async function editableVideo(app: FastifyInstance, user: AuthUser, id: number) {
  const video = await repository.findVideo(app.db, id);
  if (!video) throw notFound();
  await assertOwnerEditable(app, user, ownerOf(video));
  return video;
}

/**
 * Whether the request may read the video: its release or gallery is visible to the caller on the request's
 * site, or the request carries a link signed for this site whose viewer may still see it (a `<video>` sends
 * no Authorization header). Otherwise 404, so nothing says that the video exists.
 */
export async function readableVideo(app: FastifyInstance, request: FastifyRequest, id: number) {
  const video = await repository.findVideo(app.db, id);
  if (!video) throw notFound();
  const signed = signedForThisSite(app, request);
  const named: LinkViewer | null = signed
    ? await linkViewer(app, request.site.id, request.raw.url ?? request.url)
    : null;
  if (await ownerSeenBy(app.db, ownerOf(video), readerOf(request), named)) return video;
  throw notFound();
}

/**
 * Of `picks` (videos with the site each is seen on), whether `user` may see each as the video's own address
 * would let them (readableVideo's rule, without a signed link); one check per release or gallery and site.
 */
export async function videosSeenBy(
  app: FastifyInstance,
  user: AuthUser,
  picks: { video: VideoRow; siteId: number }[],
): Promise<boolean[]> {
  const seen = new Map<string, Promise<boolean>>();
  const now = app.clock.now();
  return Promise.all(
    picks.map(({ video, siteId }) => {
      const key = `${video.pressReleaseId ?? ''}/${video.galleryId ?? ''}/${siteId}`;
      let check = seen.get(key);
      if (!check) {
        check = ownerSeenBy(app.db, ownerOf(video), { user, siteId, now }, null);
        seen.set(key, check);
      }
      return check;
    }),
  );
}

/**
 * Of these videos, those a press reader's signed link (a basket's, across sites) may still serve: a release's
 * while the press may read it, a gallery's while it is published and listed on some site.
 */
export async function videosStillServed(app: FastifyInstance, rows: VideoRow[]): Promise<VideoRow[]> {
  const served = new Map<string, boolean>();
  const kept: VideoRow[] = [];
  for (const video of rows) {
    const key = `${video.pressReleaseId ?? ''}/${video.galleryId ?? ''}`;
    let serves = served.get(key);
    if (serves === undefined) {
      serves = await ownerStillServed(app.db, ownerOf(video), app.clock.now());
      served.set(key, serves);
    }
    if (serves) kept.push(video);
  }
  return kept;
}

// ------------------------------------------------------------------------------------------------ uploads

/** The press office keeps the sites: its videos are the fair's own, and count against no quota. */
const hasVideoQuota = (user: AuthUser) => !user.permissions.has('press_release.manage_all');

/**
 * Begins an upload of a declared size: within VIDEO_MAX_BYTES, and within the uploader's quota (their videos
 * and their uploads under way, the new one counted as declared), before any part is sent. The count and the
 * new upload are one transaction under the uploader's row lock, so two uploads begun at once cannot both pass
 * it; no part may pass its share of the declared size, so what is stored stays within what was counted.
 */
export async function beginUpload(
  app: FastifyInstance,
  user: AuthUser,
  input: { file_name: string; size: number },
) {
  if (input.size > app.config.videoMaxBytes) {
    throw new ApiError(400, { size: ['videoTooLarge'] }, { limit: formatBytes(app.config.videoMaxBytes) });
  }
  return app.db.transaction(async (tx) => {
    if (hasVideoQuota(user)) {
      await repository.lockUploader(tx, user.id);
      const kept = await repository.videoBytesOf(tx, user.id);
      const quota = app.config.videoQuotaBytes;
      if (kept + input.size > quota) {
        throw new ApiError(
          400,
          { size: ['videoQuotaExceeded'] },
          {},
          {},
          { limit: bytesIn(quota), used: bytesIn(kept) },
        );
      }
    }
    return repository.insertUpload(tx, {
      createdById: user.id,
      fileName: input.file_name,
      declaredSize: input.size,
      createdAt: app.clock.now(),
    });
  });
}

/** The caller's own upload (another's does not exist for them). */
async function ownUpload(app: FastifyInstance, user: AuthUser, id: string) {
  const upload = await repository.findUpload(app.db, id);
  if (!upload || upload.createdById !== user.id) throw notFound();
  return upload;
}

/**
 * Writes the body into `tempPath` as it arrives, and stops reading it once it holds more than `limit` bytes
 * (answering a size past the limit then): what is past the limit is never read, let alone written.
 */
function writeAtMost(body: Readable, tempPath: string, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(tempPath);
    let size = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
      body.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        out.end(() => resolve(size));
        return;
      }
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => {
          if (!stopped) body.resume();
        });
      }
    };
    const onEnd = () => {
      stop();
      out.end(() => resolve(size));
    };
    const onError = (error: Error) => {
      stop();
      out.destroy();
      reject(error);
    };
    const onClose = () => onError(new Error('the part was cut short'));
    out.once('error', onError);
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
    body.once('close', onClose);
  });
}

/**
 * Receives part `number` of an upload: streamed into a temporary file while counting, and cut off as soon as
 * it holds more than its share of the declared size (every part but the last holds exactly the part size),
 * so nothing past the declared size, and never past VIDEO_MAX_BYTES, is read. A part refused keeps nothing;
 * one accepted goes into the file store and answers the bytes received of the whole upload.
 */
export async function receivePart(
  app: FastifyInstance,
  user: AuthUser,
  uploadId: string,
  number: number,
  body: Readable,
  declaredLength: number | null,
) {
  const upload = await ownUpload(app, user, uploadId);
  if (upload.completingAt) throw new ApiError(409, { detail: 'videoUploadClosed' });
  const partSize = app.config.videoPartBytes;
  const count = videoPartCount(upload.declaredSize, partSize);
  if (number > count) throw new ApiError(400, { number: ['videoPartNumber'] }, { count });
  const expected = number < count ? partSize : upload.declaredSize - partSize * (count - 1);
  // Whatever of the body is left unread is not read: the connection closes after the answer.
  const wrongSize = () =>
    new ApiError(400, { file: ['videoPartSize'] }, { number, size: expected }, { connection: 'close' });
  if (declaredLength !== null && declaredLength > expected) throw wrongSize();

  const directory = workDirectory(app, 'parts');
  await mkdir(directory, { recursive: true });
  const tempPath = path.join(directory, `${randomUUID()}.part`);
  let size: number;
  try {
    size = await writeAtMost(body, tempPath, expected);
    if (size !== expected) throw wrongSize();
    await app.storage.putFile(partKey(uploadId, number), tempPath, 'application/octet-stream');
  } catch (error) {
    await rm(tempPath, { force: true });
    if (error instanceof ApiError || (error as NodeJS.ErrnoException).syscall) throw error;
    // The body ended early or broke off: the caller's connection, not the server.
    throw wrongSize();
  }
  return repository.recordPart(app.db, {
    uploadId,
    partNumber: number,
    size,
    fileKey: partKey(uploadId, number),
  });
}

/** Removes an upload's parts from the store and the database. */
async function discardUpload(app: FastifyInstance, uploadId: string) {
  const keys = await repository.deleteUpload(app.db, uploadId);
  await Promise.all(keys.map((key) => app.storage.delete(key)));
}

export async function cancelUpload(app: FastifyInstance, user: AuthUser, uploadId: string) {
  const upload = await ownUpload(app, user, uploadId);
  if (upload.completingAt) throw new ApiError(409, { detail: 'videoUploadClosed' });
  await discardUpload(app, uploadId);
}

/** Joins the parts in order into one local file while hashing it; answers its path and checksum. */
async function joinParts(app: FastifyInstance, parts: repository.VideoPartRow[]) {
  const directory = workDirectory(app, 'joined');
  await mkdir(directory, { recursive: true });
  const joined = path.join(directory, `${randomUUID()}.video`);
  const hash = createHash('sha256');
  try {
    for (const part of parts) {
      const source = await app.storage.read(part.fileKey);
      source.on('data', (chunk: Buffer) => hash.update(chunk));
      await pipeline(source, createWriteStream(joined, { flags: 'a' }));
    }
  } catch (error) {
    await rm(joined, { force: true });
    throw error;
  }
  return { joined, checksum: hash.digest('hex') };
}

/**
 * Completes an upload as a video of a release or a gallery: every part present with the sizes that add up to
 * the declared size (else 400, and the upload stays to be finished), joined in order, read by the parser. A
 * file that is not an accepted video is refused and the whole upload is removed; an accepted one is kept by its
 * checksum under `videos/`, and its parts are removed.
 */
export async function completeUpload(
  app: FastifyInstance,
  user: AuthUser,
  uploadId: string,
  input: VideoUploadComplete,
) {
  const upload = await ownUpload(app, user, uploadId);
  const owner: VideoOwner =
    input.press_release !== undefined
      ? { pressReleaseId: input.press_release }
      : { galleryId: input.gallery as number };
  await assertOwnerEditable(app, user, owner);
  if (upload.completingAt) throw new ApiError(409, { detail: 'videoUploadClosed' });

  const partSize = app.config.videoPartBytes;
  const count = videoPartCount(upload.declaredSize, partSize);
  const parts = await repository.partsOf(app.db, uploadId);
  for (let number = 1; number <= count; number += 1) {
    if (parts[number - 1]?.partNumber !== number) {
      throw new ApiError(400, { non_field_errors: ['videoPartMissing'] }, { number });
    }
  }
  if (!(await repository.claimUpload(app.db, uploadId, app.clock.now()))) {
    throw new ApiError(409, { detail: 'videoUploadClosed' });
  }

  let joined: string | null = null;
  try {
    const result = await joinParts(app, parts.slice(0, count));
    joined = result.joined;
    let facts: Awaited<ReturnType<typeof readVideoFacts>>;
    try {
      facts = await readVideoFacts(joined);
    } catch (refusal) {
      // Not a video the product keeps: nothing of it stays.
      await discardUpload(app, uploadId);
      throw refusal;
    }
    const fileKey = await storeByChecksum(
      app.storage,
      'videos',
      { tempPath: joined, checksum: result.checksum },
      facts.extension,
      facts.contentType,
    );
    joined = null;
    const video = await repository
      .insertVideo(app.db, {
        owner,
        fileKey,
        createdById: upload.createdById,
        fileName: upload.fileName,
        fileSize: upload.declaredSize,
        checksum: result.checksum,
        contentType: facts.contentType,
        videoCodec: facts.videoCodec,
        audioCodec: facts.audioCodec,
        durationMs: facts.durationMs,
        width: facts.width,
        height: facts.height,
        titles: input.title ?? {},
        credit: input.credit ?? '',
        createdAt: app.clock.now(),
      })
      .catch(async (error: unknown) => {
        // The row was not written: the file goes too, unless another video keeps the same bytes.
        await deleteUnlessShared(app, fileKey, -1);
        throw error;
      });
    await discardUpload(app, uploadId);
    return video;
  } catch (error) {
    if (!(error instanceof ApiError)) await repository.releaseUpload(app.db, uploadId);
    throw error;
  } finally {
    if (joined) await rm(joined, { force: true });
  }
}

/** Removes the uploads begun more than a day ago and never completed, with their parts; answers how many. */
export async function removeUnfinishedUploads(app: FastifyInstance) {
  const before = new Date(app.clock.now().getTime() - unfinishedUploadLifetimeMs);
  let removed = 0;
  for (;;) {
    const stale = await repository.staleUploads(app.db, before, 100);
    for (const { id } of stale) await discardUpload(app, id);
    removed += stale.length;
    if (stale.length < 100) return removed;
  }
}

// ------------------------------------------------------------------------------------------------ videos

export async function videosForOffice(app: FastifyInstance, user: AuthUser, owner: VideoOwner) {
  await assertOwnerEditable(app, user, owner);
  return repository.videosOf(app.db, owner);
}

export async function updateVideo(app: FastifyInstance, user: AuthUser, id: number, input: VideoUpdate) {
  await editableVideo(app, user, id);
  const set: Parameters<typeof repository.updateVideo>[2] = {};
  if (input.title !== undefined) set.titles = input.title;
  if (input.credit !== undefined) set.credit = input.credit;
  if (input.position !== undefined) set.position = input.position;
  const video = await repository.updateVideo(app.db, id, set);
  if (!video) throw notFound();
  return video;
}

/** Deletes stored bytes no other video names any more (they are kept by checksum, so may be shared). */
async function deleteUnlessShared(app: FastifyInstance, key: string | null, videoId: number) {
  if (key && !(await repository.fileKeyInUse(app.db, key, videoId))) await app.storage.delete(key);
}

async function deletePosterFiles(app: FastifyInstance, video: VideoRow) {
  await deleteUnlessShared(app, video.posterKey, video.id);
  if (video.posterChecksum && !(await repository.renditionsInUse(app.db, video.posterChecksum, video.id))) {
    const checksum = video.posterChecksum;
    await Promise.all(renditionKinds.map((kind) => app.storage.delete(renditionPath(kind, checksum))));
  }
}

export async function deleteVideo(app: FastifyInstance, user: AuthUser, id: number) {
  await editableVideo(app, user, id);
  const deleted = await repository.deleteVideo(app.db, id);
  if (!deleted) throw notFound();
  await deleteUnlessShared(app, deleted.video.fileKey, id);
  for (const key of deleted.captionKeys) await deleteUnlessShared(app, key, id);
  await deletePosterFiles(app, deleted.video);
}

/**
 * Sets the poster: a JPEG, PNG or WebP picture (told by its content, within the pixel limit), kept by its
 * checksum with the web and print renditions the pictures have.
 */
export async function setPoster(app: FastifyInstance, user: AuthUser, id: number, file: ReceivedFile) {
  const before = await editableVideo(app, user, id);
  await checkRasterUpload(file, {
    field: 'file',
    typeError: 'videoPosterNotAccepted',
    maxPixels: app.config.imageMaxPixels,
  });
  const header = await sharp(file.tempPath, { limitInputPixels: false }).metadata();
  const oriented = header.autoOrient ?? { width: header.width ?? 0, height: header.height ?? 0 };
  const format = (
    { jpeg: ['image/jpeg', '.jpg'], png: ['image/png', '.png'], webp: ['image/webp', '.webp'] } as const
  )[header.format as 'jpeg' | 'png' | 'webp'];
  if (!format) throw new ApiError(400, { file: ['videoPosterNotAccepted'] });
  const renditions = await writeRenditions(
    app.storage,
    {
      localPath: file.tempPath,
      width: oriented.width,
      height: oriented.height,
      size: file.size,
      mime: format[0],
      checksum: file.checksum,
    },
    app.config.imageMaxPixels,
    workDirectory(app, 'renditions'),
  ).catch(() => {
    throw new ApiError(400, { file: ['videoPosterNotAccepted'] });
  });
  const posterKey = await storeByChecksum(app.storage, 'video-posters', file, format[1], format[0]);
  const video = await repository.updateVideo(app.db, id, {
    posterKey,
    posterChecksum: file.checksum,
    posterRenditions: renditions,
  });
  if (before.posterChecksum && before.posterChecksum !== file.checksum) await deletePosterFiles(app, before);
  return video as VideoRow;
}

/** WebVTT as browsers read it: UTF-8 text (a byte-order mark allowed) whose first line starts with "WEBVTT". */
async function isWebVtt(filePath: string) {
  const handle = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(videoCaptionMaxBytes + 1),
      0,
      videoCaptionMaxBytes + 1,
      0,
    );
    const bytes = buffer.subarray(0, bytesRead);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return false;
    }
    return /^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/.test(text) && !text.includes('\u0000');
  } finally {
    await handle.close();
  }
}

/** Sets the captions of one language: a WebVTT file of at most videoCaptionMaxBytes, kept by its checksum. */
export async function setCaptions(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
  language: Language,
  file: ReceivedFile,
) {
  await editableVideo(app, user, id);
  if (!(await isWebVtt(file.tempPath))) throw new ApiError(400, { file: ['videoCaptionNotWebvtt'] });
  const fileKey = checksumKey('video-captions', file.checksum, '.vtt');
  await storeByChecksum(app.storage, 'video-captions', file, '.vtt', 'text/vtt');
  const replaced = await repository.putCaption(app.db, { videoId: id, language, fileKey, size: file.size });
  if (replaced && replaced !== fileKey) await deleteUnlessShared(app, replaced, -1);
  return (await repository.findVideo(app.db, id)) as VideoRow;
}

export async function deleteCaptions(app: FastifyInstance, user: AuthUser, id: number, language: Language) {
  await editableVideo(app, user, id);
  const deleted = await repository.deleteCaption(app.db, id, language);
  if (!deleted) throw notFound();
  await deleteUnlessShared(app, deleted.fileKey, -1);
}
