import {
  type CoverRenditionFormat,
  type CoverRenditionWidth,
  coverRenditionFormats,
  coverRenditionsOf,
} from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { FileStore } from '../../lib/storage/index.ts';

// A cover is shown, never downloaded: its renditions carry no metadata and are encoded for the screen (WebP,
// and JPEG for browsers without it), at the widths of coverRenditionWidths. AVIF was measured and left out
// (decision 21's addendum): seconds per width at upload where WebP takes a fraction of one.
const encodings = {
  webp: { extension: 'webp', mime: 'image/webp' },
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
} as const;

export const coverRenditionMime = (format: CoverRenditionFormat) => encodings[format].mime;

/** Where a picture's cover rendition is kept, by its checksum (the same picture shares its files). */
export function coverRenditionKey(checksum: string, step: CoverRenditionWidth, format: CoverRenditionFormat) {
  return `press-releases/covers/${step}/${checksum.slice(0, 2)}/${checksum}.${encodings[format].extension}`;
}

/** Every key a picture `width` px wide has cover renditions under. */
export function coverRenditionKeys(checksum: string, width: number | null): string[] {
  return coverRenditionsOf(width).flatMap(({ step }) =>
    coverRenditionFormats.map((format) => coverRenditionKey(checksum, step, format)),
  );
}

/**
 * Makes a picture's cover renditions from its bytes on this machine and puts each into the store whole (a
 * reader never sees half of one; two servers making the same one put the same bytes).
 */
export async function writeCoverRenditions(
  storage: FileStore,
  picture: { localPath: string; checksum: string; width: number | null },
  maxPixels: number,
): Promise<void> {
  const oriented = sharp(picture.localPath, { limitInputPixels: maxPixels }).rotate();
  for (const { step } of coverRenditionsOf(picture.width)) {
    const resized = oriented.clone().resize({ width: step, withoutEnlargement: true }).withIccProfile('srgb');
    const webp = await resized.clone().webp({ quality: 75 }).toBuffer();
    await storage.putBytes(coverRenditionKey(picture.checksum, step, 'webp'), webp, encodings.webp.mime);
    const jpeg = await resized.clone().jpeg({ quality: 78, mozjpeg: true }).toBuffer();
    await storage.putBytes(coverRenditionKey(picture.checksum, step, 'jpeg'), jpeg, encodings.jpeg.mime);
  }
}

/**
 * The key of a cover rendition, made first when the store lacks it: pictures stored before covers had
 * renditions get them at their first showing (with all their other cover renditions), not in a job going
 * through every picture ever uploaded, most of which no list shows any more.
 */
export async function ensureCoverRendition(
  app: FastifyInstance,
  file: { storagePath: string; sha256: string; width: number | null },
  step: CoverRenditionWidth,
  format: CoverRenditionFormat,
): Promise<string> {
  const key = coverRenditionKey(file.sha256, step, format);
  if (await app.storage.stat(key)) return key;
  await app.storage.withLocalFile(file.storagePath, (localPath) =>
    writeCoverRenditions(
      app.storage,
      { localPath, checksum: file.sha256, width: file.width },
      app.config.imageMaxPixels,
    ),
  );
  return key;
}
