import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { renditionLongSide } from '@pressroom/contract';
import type { ImageRenditionFacts } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type FileStore, temporaryDirectory } from './storage/index.ts';

// The sizes a journalist downloads: web, 1600 px on the long side, and print, 3000 px, both sRGB
// JPEG with the original's EXIF, IPTC and XMP kept (credits travel with the file); print is the original
// itself when that is no larger. Made once, at upload, and kept beside the original by its checksum.

export const renditionKinds = ['web', 'print'] as const;
export type RenditionKind = (typeof renditionKinds)[number];
const renditionSettings = {
  web: { longSide: renditionLongSide.web, quality: 85 },
  print: { longSide: renditionLongSide.print, quality: 92 },
} as const;

export function renditionPath(kind: RenditionKind, checksum: string): string {
  return `gallery/renditions/${kind}/${checksum.slice(0, 2)}/${checksum}.jpg`;
}

/** Whether the print size is the original file itself (no larger than the print long side). */
export const printIsOriginal = (image: { width: number; height: number }) =>
  Math.max(image.width, image.height) <= renditionLongSide.print;

export interface StoredOriginal {
  /** The original's bytes on this machine: the upload's temporary file, or `withLocalFile` of its key. */
  localPath: string;
  width: number;
  height: number;
  size: number;
  mime: string;
  checksum: string;
}

/**
 * Stores the web and print renditions of an original and answers each size's pixels and bytes. Each is made
 * into a temporary file of `workDirectory` and put into the store whole (a reader never sees half of one; two
 * servers making the same one put the same bytes).
 */
export async function writeRenditions(
  storage: FileStore,
  original: StoredOriginal,
  maxPixels: number,
  workDirectory: string,
): Promise<ImageRenditionFacts> {
  const facts = {
    original: { width: original.width, height: original.height, size: original.size, mime: original.mime },
  } as ImageRenditionFacts;
  await mkdir(workDirectory, { recursive: true });
  for (const kind of renditionKinds) {
    if (kind === 'print' && printIsOriginal(original)) {
      facts.print = facts.original;
      continue;
    }
    const { longSide, quality } = renditionSettings[kind];
    const made = path.join(workDirectory, `${randomUUID()}.jpg`);
    try {
      const info = await sharp(original.localPath, { limitInputPixels: maxPixels })
        .rotate()
        .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
        .keepMetadata()
        .withIccProfile('srgb')
        .jpeg({ quality, mozjpeg: true })
        .toFile(made);
      await storage.putFile(renditionPath(kind, original.checksum), made, 'image/jpeg');
      facts[kind] = { width: info.width, height: info.height, size: info.size, mime: 'image/jpeg' };
    } finally {
      await rm(made, { force: true });
    }
  }
  return facts;
}

export const renditionWorkDirectory = (app: FastifyInstance) =>
  temporaryDirectory(app.config.dataDir, 'renditions');

/**
 * Makes and stores the web and print renditions of a stored original (read from the store into a file here
 * when the store is not local). Rejects with StoredFileMissing when the original is gone.
 */
export function makeRenditions(
  app: FastifyInstance,
  original: Omit<StoredOriginal, 'localPath'> & { storagePath: string },
): Promise<ImageRenditionFacts> {
  return app.storage.withLocalFile(original.storagePath, (localPath) =>
    writeRenditions(
      app.storage,
      { ...original, localPath },
      app.config.imageMaxPixels,
      renditionWorkDirectory(app),
    ),
  );
}

/** Whether the store holds every rendition an image needs (print is the original itself when small). */
export async function renditionsStored(
  app: FastifyInstance,
  image: { checksum: string; width: number; height: number },
) {
  const needed = renditionKinds.filter((kind) => !(kind === 'print' && printIsOriginal(image)));
  const found = await Promise.all(
    needed.map((kind) => app.storage.stat(renditionPath(kind, image.checksum))),
  );
  return found.every((info) => info !== null);
}
