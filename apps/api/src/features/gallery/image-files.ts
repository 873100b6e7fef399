import sharp from 'sharp';
import { renditionKinds, renditionPath } from '../../lib/image-renditions.ts';
import type { FileStore } from '../../lib/storage/index.ts';
import { type FileKind, sniffFileKind } from '../../lib/uploads.ts';

/** Raster formats an original may be, told by its first bytes before sharp reads anything (never SVG). */
const acceptedKinds: readonly FileKind[] = ['jpeg', 'png', 'webp', 'tiff', 'gif', 'heif'];

/** Formats accepted as originals, with the MIME type and extension they are served with. */
const formats: Record<string, { mime: string; extension: string }> = {
  jpeg: { mime: 'image/jpeg', extension: '.jpg' },
  png: { mime: 'image/png', extension: '.png' },
  webp: { mime: 'image/webp', extension: '.webp' },
  tiff: { mime: 'image/tiff', extension: '.tif' },
  gif: { mime: 'image/gif', extension: '.gif' },
  heif: { mime: 'image/avif', extension: '.avif' },
};

const variants = {
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
  /** Width x height as stored, what decoding would cost. */
  pixels: number;
}

/**
 * Reads an uploaded file's header as an image; null when it is not one of the accepted formats. Only the header
 * is read (no pixel is decoded), so a decompression bomb can be refused on its pixel count first.
 */
export async function readImageFacts(filePath: string): Promise<ImageFacts | null> {
  const kind = await sniffFileKind(filePath);
  if (!kind || !acceptedKinds.includes(kind)) return null;
  try {
    const metadata = await sharp(filePath, { limitInputPixels: false }).metadata();
    const format = metadata.format && formats[metadata.format];
    if (!format || !metadata.width || !metadata.height) return null;
    const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
    return {
      ...format,
      width: oriented.width,
      height: oriented.height,
      pixels: metadata.width * metadata.height,
    };
  } catch {
    return null;
  }
}

/** The store key of a derived WebP, kept by the original's checksum. */
export function derivedPath(variant: DerivedVariant, checksum: string): string {
  return `gallery/${variants[variant].folder}/${checksum.slice(0, 2)}/${checksum}.webp`;
}

/**
 * Stores the thumbnail and preview of an original (a file on this machine) as WebP (EXIF orientation applied,
 * never enlarged). The original itself is never rewritten, so its metadata (IPTC credit, EXIF) stays as the
 * author sent it.
 */
export async function writeDerivatives(
  storage: FileStore,
  originalPath: string,
  checksum: string,
  maxPixels: number,
) {
  for (const variant of Object.keys(variants) as DerivedVariant[]) {
    const { size, quality } = variants[variant];
    const bytes = await sharp(originalPath, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
    await storage.putBytes(derivedPath(variant, checksum), bytes, 'image/webp');
  }
}

/** Every key an image's files are stored under: the original, its thumbnail and preview, its renditions. */
export function imageFileKeys(storagePath: string, checksum: string) {
  return [
    storagePath,
    ...(Object.keys(variants) as DerivedVariant[]).map((variant) => derivedPath(variant, checksum)),
    ...renditionKinds.map((kind) => renditionPath(kind, checksum)),
  ];
}

export async function removeImageFiles(storage: FileStore, storagePath: string, checksum: string) {
  await Promise.all(imageFileKeys(storagePath, checksum).map((key) => storage.delete(key)));
}
