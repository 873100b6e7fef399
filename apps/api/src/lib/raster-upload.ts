import type { MessageKey } from '@pressroom/contract';
import sharp from 'sharp';
import { ApiError } from './api-error.ts';
import { type FileKind, type ReceivedFile, sniffFileKind } from './uploads.ts';

// The small pictures people upload to be shown as they are, never as sent: a press contact's photo, an
// exhibitor's logo. Only raster images told by their first bytes are read, refused above the pixel limit before
// any decoding, and what is kept is what sharp re-encoded from the pixels.

const rasterKinds: readonly FileKind[] = ['jpeg', 'png', 'webp'];

export interface RasterCheck {
  /** The form field the file came in, which the errors name. */
  field: string;
  /** The message for a file that is not a JPEG, PNG or WebP image (given the file's name). */
  typeError: MessageKey;
  maxPixels: number;
}

/** Refuses what is not a raster image within the pixel limit, with a 400 naming the field. */
export async function checkRasterUpload(file: ReceivedFile, check: RasterCheck) {
  const refused = () => new ApiError(400, { [check.field]: [check.typeError] }, { name: file.fileName });
  const kind = await sniffFileKind(file.tempPath);
  if (!kind || !rasterKinds.includes(kind)) throw refused();
  const header = await sharp(file.tempPath, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) throw refused();
  if (header.width * header.height > check.maxPixels) {
    throw new ApiError(
      400,
      { [check.field]: ['imageTooManyPixels'] },
      {
        name: file.fileName,
        width: header.width,
        height: header.height,
        limit: check.maxPixels / 1_000_000,
      },
    );
  }
}

/** The pixels that failed to decode past the header: the file is no image after all. */
function notAnImage(file: ReceivedFile, field: string) {
  return () => {
    throw new ApiError(400, { [field]: ['notAnImage'] }, { name: file.fileName });
  };
}

/** A square JPEG of `side` pixels, cropped around what draws the eye (a portrait). */
export async function squareJpeg(file: ReceivedFile, check: RasterCheck, side: number): Promise<Buffer> {
  await checkRasterUpload(file, check);
  return sharp(file.tempPath, { limitInputPixels: check.maxPixels })
    .rotate()
    .resize({ width: side, height: side, fit: 'cover', position: 'attention' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
    .catch(notAnImage(file, check.field));
}

/** A PNG (transparency kept) that fits in `side` x `side` pixels, never enlarged: a logo. */
export async function fittedPng(file: ReceivedFile, check: RasterCheck, side: number): Promise<Buffer> {
  await checkRasterUpload(file, check);
  return sharp(file.tempPath, { limitInputPixels: check.maxPixels })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer()
    .catch(notAnImage(file, check.field));
}
