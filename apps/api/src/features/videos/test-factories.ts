import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiPaths } from '@pressroom/contract';
import { type Database, galleries, galleryCategories, videoCaptions, videos } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { fair } from '../../test-support/press-content.ts';

/** The synthetic, rights-free files of the tests (and of the demo). */
export const videoFixtures = {
  mp4: 'tile-fair-demo-720p.mp4',
  webm: 'tile-fair-demo-360p.webm',
  avi: 'not-accepted-mpeg4-part2.avi',
  captionsEn: 'tile-fair-demo.en.vtt',
  captionsIt: 'tile-fair-demo.it.vtt',
} as const;

export function fixtureBytes(name: keyof typeof videoFixtures): Buffer {
  return readFileSync(new URL(`./fixtures/${videoFixtures[name]}`, import.meta.url));
}

/** The boxes of an MP4 within `start` and `end` (size, type), into the containers that hold tracks. */
function* mp4Boxes(bytes: Buffer, start = 0, end = bytes.length): Generator<{ type: string; at: number }> {
  for (let at = start; at + 8 <= end; ) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size < 8) return;
    yield { type, at };
    if (type === 'moov' || type === 'trak') yield* mp4Boxes(bytes, at + 8, at + size);
    at += size;
  }
}

/**
 * A copy of the MP4 fixture whose header claims the longest duration it can write: the movie header (`mvhd`)
 * counts in seconds (timescale 1) up to 2^32 - 1, and each track header (`tkhd`) says as much. Its pictures
 * and sound are the fixture's own: only the claim is absurd (some 136 years).
 */
export function mp4ClaimingAbsurdDuration(): Buffer {
  const bytes = Buffer.from(fixtureBytes('mp4'));
  for (const box of mp4Boxes(bytes)) {
    // Version 0 headers: 32-bit fields after version and flags, creation and modification times.
    const version = bytes[box.at + 8];
    if (version !== 0 && (box.type === 'mvhd' || box.type === 'tkhd')) throw new Error('a version 1 header');
    if (box.type === 'mvhd') {
      bytes.writeUInt32BE(1, box.at + 20);
      bytes.writeUInt32BE(0xffff_ffff, box.at + 24);
    }
    // Track id and a reserved field come before the track's duration.
    if (box.type === 'tkhd') bytes.writeUInt32BE(0xffff_ffff, box.at + 28);
  }
  return bytes;
}

/** What the MP4 fixture is, as the parser reads it. */
const mp4Facts = {
  contentType: 'video/mp4',
  videoCodec: 'AVC',
  audioCodec: 'AAC',
  durationMs: 6000,
  width: 1280,
  height: 720,
} as const;

/** A gallery in a category shown on `groups`. */
export async function insertGallery(
  db: Database,
  options: { groups: number[]; status?: 'draft' | 'published'; companyId?: number | null },
) {
  const [category] = await db
    .insert(galleryCategories)
    .values({ names: { en: 'Halls' }, groupIds: options.groups })
    .returning();
  const [gallery] = await db
    .insert(galleries)
    .values({
      categoryId: category.id,
      names: { en: 'Opening' },
      status: options.status ?? 'published',
      companyId: options.companyId ?? null,
    })
    .returning();
  return gallery;
}

/**
 * The MP4 fixture as a video of a release or a gallery, written as the upload would have kept it (without
 * running the parser), with captions in the languages given.
 */
export async function insertVideo(
  app: FastifyInstance,
  options: { pressReleaseId?: number; galleryId?: number; title?: string; captions?: ('en' | 'it')[] },
) {
  const bytes = fixtureBytes('mp4');
  const checksum = createHash('sha256').update(bytes).digest('hex');
  const fileKey = `videos/${checksum.slice(0, 2)}/${checksum}.mp4`;
  await app.storage.putBytes(fileKey, bytes, 'video/mp4');
  const [video] = await app.db
    .insert(videos)
    .values({
      pressReleaseId: options.pressReleaseId ?? null,
      galleryId: options.galleryId ?? null,
      fileKey,
      fileName: 'tile-fair.mp4',
      fileSize: bytes.length,
      checksum,
      ...mp4Facts,
      titles: { en: options.title ?? 'The fair in six seconds' },
      credit: 'Tile Fair',
    })
    .returning();
  for (const language of options.captions ?? []) {
    const vtt = fixtureBytes(language === 'en' ? 'captionsEn' : 'captionsIt');
    const sum = createHash('sha256').update(vtt).digest('hex');
    const key = `video-captions/${sum.slice(0, 2)}/${sum}.vtt`;
    await app.storage.putBytes(key, vtt, 'text/vtt');
    await app.db
      .insert(videoCaptions)
      .values({ videoId: video.id, language, fileKey: key, size: vtt.length });
  }
  return video;
}

/** Begins an upload of `bytes` as the caller; answers the response. */
export function beginUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: { file_name: string; size: number },
) {
  return app.inject({
    method: 'POST',
    url: apiPaths.videoUploads,
    headers: { ...fair, ...headers },
    payload: body,
  });
}

export function sendPart(
  app: FastifyInstance,
  headers: Record<string, string>,
  uploadId: string,
  number: number,
  bytes: Buffer,
) {
  return app.inject({
    method: 'PUT',
    url: apiPaths.videoUploadPart(uploadId, number),
    headers: { ...fair, ...headers, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

/** The slices of `bytes` the server asks for (`partSize` each, the last the rest), numbered from 1. */
export function slices(bytes: Buffer, partSize: number) {
  const parts: { number: number; bytes: Buffer }[] = [];
  for (let start = 0, number = 1; start < bytes.length; start += partSize, number += 1) {
    parts.push({ number, bytes: bytes.subarray(start, start + partSize) });
  }
  return parts;
}

/** Uploads `bytes` in parts and completes it as a video of the owner; answers the completion's response. */
export async function uploadVideo(
  app: FastifyInstance,
  headers: Record<string, string>,
  bytes: Buffer,
  options: { fileName: string; press_release?: number; gallery?: number; title?: Record<string, string> },
) {
  const begun = await beginUpload(app, headers, { file_name: options.fileName, size: bytes.length });
  if (begun.statusCode !== 201) throw new Error(`upload refused: ${begun.statusCode} ${begun.body}`);
  const { id, part_size: partSize } = begun.json() as { id: string; part_size: number };
  for (const part of slices(bytes, partSize)) {
    const sent = await sendPart(app, headers, id, part.number, part.bytes);
    if (sent.statusCode !== 200) throw new Error(`part refused: ${sent.statusCode} ${sent.body}`);
  }
  return {
    uploadId: id,
    response: await app.inject({
      method: 'POST',
      url: apiPaths.videoUploadComplete(id),
      headers: { ...fair, ...headers },
      payload: { press_release: options.press_release, gallery: options.gallery, title: options.title },
    }),
  };
}

/** Every key the file store holds under `prefix`, sorted. */
export async function storedKeys(app: FastifyInstance, prefix: string) {
  const keys: string[] = [];
  for await (const object of app.storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}
