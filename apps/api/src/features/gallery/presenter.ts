import { apiPaths, type GalleryImage, type VideoForReader } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { galleryFilePath, type ImageFileVariant } from '../../lib/gallery-files.ts';
import type { Signer } from '../../lib/signed-urls.ts';
import { withReader } from '../../plugins/read-counter.ts';
import { basketImageIds } from './basket-repository.ts';
import type { CategoryRow, GalleryRow, ImageRow } from './repository.ts';
import { type ImageTags, noTags, tagsOfImages } from './tags-repository.ts';

export function presentImage(
  signer: Signer,
  image: ImageRow,
  tags: ImageTags = noTags,
  basket: ReadonlySet<number> = new Set(),
  reader = '',
): GalleryImage {
  // Downloads (original, web, print) carry the reader's kind, for the figures; what only shows does not.
  const sign = (variant: ImageFileVariant) =>
    signer(
      variant === 'preview' || variant === 'thumbnail'
        ? galleryFilePath(image, variant)
        : withReader(galleryFilePath(image, variant), reader),
    );
  return {
    id: image.id,
    gallery_id: image.galleryId,
    position: image.position,
    caption: image.captions,
    alt_text: image.altTexts,
    credit: image.credit,
    usage_terms: image.usageTerms,
    keywords: image.keywords,
    original_name: image.originalName,
    size: image.size,
    mime: image.mime,
    width: image.width,
    height: image.height,
    checksum: image.checksum,
    urls: {
      original: sign('original'),
      preview: sign('preview'),
      thumbnail: sign('thumbnail'),
      web: sign('web'),
      print: sign('print'),
    },
    renditions: image.renditions ?? null,
    in_basket: basket.has(image.id),
    companies: tags.companies,
    brands: tags.brands,
  };
}

/** Images with their tags, read in two queries for the whole page. */
export async function presentImagesWithTags(
  app: FastifyInstance,
  signer: Signer,
  images: ImageRow[],
  userId: number | null = null,
  reader = '',
): Promise<GalleryImage[]> {
  const ids = images.map((image) => image.id);
  const [tags, basket] = await Promise.all([
    tagsOfImages(app.db, ids),
    userId === null ? new Set<number>() : basketImageIds(app.db, userId, ids),
  ]);
  return images.map((image) => presentImage(signer, image, tags.get(image.id), basket, reader));
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
  sign: Signer,
  gallery: GalleryRow,
  totals: { images: number; bytes: number },
  trail: CategoryRow[],
  videos: VideoForReader[],
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
    download_url: sign(`${apiPaths.galleryDownload}?gallery=${gallery.id}`),
    videos,
  };
}
