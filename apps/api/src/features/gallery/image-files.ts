import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Formats accepted as originals, with the MIME type and extension they are served with. */
const formats: Record<string, { mime: string; extension: string }> = {
  jpeg: { mime: 'image/jpeg', extension: '.jpg' },
  png: { mime: 'image/png', extension: '.png' },
  webp: { mime: 'image/webp', extension: '.webp' },
  tiff: { mime: 'image/tiff', extension: '.tif' },
  gif: { mime: 'image/gif', extension: '.gif' },
  heif: { mime: 'image/avif', extension: '.avif' },
};

export const variants = {
  thumbnail: { folder: 'thumbnails', size: 400, quality: 78 },
  preview: { folder: 'previews', size: 1600, quality: 82 },
} as const;
export type DerivedVariant = keyof typeof variants;

export interface ImageFacts {
  mime: string;
  extension: string;
  /** As displayed (EXIF orientation applied). */
  width: number;
  height: number;
}

/** Reads an uploaded file as an image; null when it is not one sharp can decode in an accepted format. */
export async function readImageFacts(filePath: string): Promise<ImageFacts | null> {
  try {
    const metadata = await sharp(filePath).metadata();
    const format = metadata.format && formats[metadata.format];
    if (!format || !metadata.width || !metadata.height) return null;
    const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
    return { ...format, width: oriented.width, height: oriented.height };
  } catch {
    return null;
  }
}

/** Path (relative to the uploads directory) of a derived WebP, stored by the original's checksum. */
export function derivedPath(variant: DerivedVariant, checksum: string): string {
  return path.join('gallery', variants[variant].folder, checksum.slice(0, 2), `${checksum}.webp`);
}

/**
 * Writes the thumbnail and preview of an original as WebP (EXIF orientation applied, never enlarged).
 * The original itself is never rewritten, so its metadata (IPTC credit, EXIF) stays as the author sent it.
 */
export async function writeDerivatives(uploadsRoot: string, originalPath: string, checksum: string) {
  for (const variant of Object.keys(variants) as DerivedVariant[]) {
    const { size, quality } = variants[variant];
    const target = path.join(uploadsRoot, derivedPath(variant, checksum));
    await mkdir(path.dirname(target), { recursive: true });
    await sharp(originalPath)
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toFile(target);
  }
}

export async function removeImageFiles(uploadsRoot: string, storagePath: string, checksum: string) {
  await Promise.all([
    rm(path.join(uploadsRoot, storagePath), { force: true }),
    ...(Object.keys(variants) as DerivedVariant[]).map((variant) =>
      rm(path.join(uploadsRoot, derivedPath(variant, checksum)), { force: true }),
    ),
  ]);
}
