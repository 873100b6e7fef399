import path from 'node:path';
import { apiPaths, type GalleryImage } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { signUrl } from '../../lib/signed-urls.ts';
import type { CategoryRow, GalleryRow, ImageRow } from './repository.ts';
import { type ImageTags, noTags, tagsOfImages } from './tags-repository.ts';

export const galleryFilePath = (image: ImageRow, variant: 'original' | 'preview' | 'thumbnail') => {
  const extension = variant === 'original' ? path.extname(image.storagePath) : '.webp';
  return `/api/press_room/gallery/images/${image.id}/${variant}/${image.checksum}${extension}`;
};

export function presentImage(app: FastifyInstance, image: ImageRow, tags: ImageTags = noTags): GalleryImage {
  const now = app.clock.now();
  const sign = (variant: 'original' | 'preview' | 'thumbnail') =>
    signUrl(app.config.secretKey, galleryFilePath(image, variant), now);
  return {
    id: image.id,
    gallery_id: image.galleryId,
    position: image.position,
    caption: image.captions,
    alt_text: image.altTexts,
    credit: image.credit,
    usage_terms: image.usageTerms,
    original_name: image.originalName,
    size: image.size,
    mime: image.mime,
    width: image.width,
    height: image.height,
    checksum: image.checksum,
    urls: { original: sign('original'), preview: sign('preview'), thumbnail: sign('thumbnail') },
    companies: tags.companies,
    brands: tags.brands,
  };
}

/** Images with their tags, read in two queries for the whole page. */
export async function presentImagesWithTags(
  app: FastifyInstance,
  images: ImageRow[],
): Promise<GalleryImage[]> {
  const tags = await tagsOfImages(
    app.db,
    images.map((image) => image.id),
  );
  return images.map((image) => presentImage(app, image, tags.get(image.id)));
}

export function presentCategory(category: CategoryRow) {
  return {
    id: category.id,
    parent: category.parentId,
    name: category.names,
    position: category.position,
    groups: category.groupIds,
  };
}

export function presentGallery(
  app: FastifyInstance,
  gallery: GalleryRow,
  totals: { images: number; bytes: number },
  trail: CategoryRow[],
) {
  return {
    id: gallery.id,
    name: gallery.names,
    category_id: gallery.categoryId,
    position: gallery.position,
    status: gallery.status as 'draft' | 'published',
    company_id: gallery.companyId,
    image_count: totals.images,
    total_size: totals.bytes,
    path: trail.map((category) => ({ id: category.id, name: category.names })),
    download_url: signUrl(
      app.config.secretKey,
      `${apiPaths.galleryDownload}?gallery=${gallery.id}`,
      app.clock.now(),
    ),
  };
}
