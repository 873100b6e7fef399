import path from 'node:path';
import { printIsOriginal } from './image-renditions.ts';

// The addresses of a gallery image's files: the gallery serves them, and whatever shows a picture (the basket,
// a press box) links to them.

export type ImageFileVariant = 'original' | 'preview' | 'thumbnail' | 'web' | 'print';

/** What a file's address is made of. */
export interface ImageFileFacts {
  id: number;
  checksum: string;
  storagePath: string;
  width: number;
  height: number;
}

/** The file name each variant is served under: the original's extension, WebP for previews, JPEG renditions. */
export function variantExtension(image: ImageFileFacts, variant: ImageFileVariant) {
  if (variant === 'original' || (variant === 'print' && printIsOriginal(image))) {
    return path.extname(image.storagePath);
  }
  return variant === 'web' || variant === 'print' ? '.jpg' : '.webp';
}

export const galleryFilePath = (image: ImageFileFacts, variant: ImageFileVariant) =>
  `/api/press_room/gallery/images/${image.id}/${variant}/${image.checksum}${variantExtension(image, variant)}`;
