import path from 'node:path';
import { type Basket, type BasketItem, pickLocalized, type RenditionSize } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { uploadsDir } from '../../lib/uploads.ts';
import { formatBytes, type ZipFileEntry } from '../../lib/zip-download.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as basketRepository from './basket-repository.ts';
import { printIsOriginal, renditionPath } from './image-files.ts';
import { galleryFilePath } from './presenter.ts';
import type { ImageRow } from './repository.ts';
import * as repository from './repository.ts';
import { canSeeGallery, ensureRenditions, type Viewer } from './service.ts';

export { creditsText as basketCreditsText } from './service.ts';

import { galleryImages } from '@pressroom/db';
import { inArray } from 'drizzle-orm';
import { signUrl } from '../../lib/signed-urls.ts';

// The basket (issue 11): images picked from any gallery, on any site, kept per user on the server. An image
// stays visible in it while the user may still see it on the site where it was picked.

type BasketRow = Awaited<ReturnType<typeof basketRepository.basketOf>>[number];

async function visibleRows(app: FastifyInstance, user: AuthUser) {
  const rows = await basketRepository.basketOf(app.db, user.id);
  return rows.filter((row) =>
    canSeeGallery({ user, siteId: row.item.pressGroupId }, row.gallery, row.category),
  );
}

/** The bytes of an image in a size; before its renditions are made, the original's. */
function sizeIn(image: ImageRow, size: RenditionSize) {
  return image.renditions?.[size].size ?? image.size;
}

function presentItem(app: FastifyInstance, row: BasketRow): BasketItem {
  const { image, gallery, item } = row;
  return {
    image: image.id,
    gallery: { id: gallery.id, name: gallery.names },
    site: item.pressGroupId,
    original_name: image.originalName,
    caption: image.captions,
    alt_text: image.altTexts,
    credit: image.credit,
    thumbnail: signUrl(app.config.secretKey, galleryFilePath(image, 'thumbnail'), app.clock.now()),
    renditions: image.renditions ?? null,
    size: image.size,
    width: image.width,
    height: image.height,
    added_at: item.addedAt.toISOString(),
  };
}

export async function basketFor(app: FastifyInstance, user: AuthUser): Promise<Basket> {
  const rows = await visibleRows(app, user);
  const total = (size: RenditionSize) => rows.reduce((sum, row) => sum + sizeIn(row.image, size), 0);
  return {
    items: rows.map((row) => presentItem(app, row)),
    count: rows.length,
    total_size: total('original'),
    sizes: { original: total('original'), web: total('web'), print: total('print') },
  };
}

/** Adds images the user may see on this site; an id they may not see answers 404 and nothing is added. */
export async function addToBasket(app: FastifyInstance, viewer: Viewer & { user: AuthUser }, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repository.imagesWithGalleries(app.db, inArray(galleryImages.id, unique));
  const visible = rows.filter((row) => canSeeGallery(viewer, row.gallery, row.category));
  if (visible.length !== unique.length) throw notFound();
  await basketRepository.addToBasket(app.db, viewer.user.id, viewer.siteId, unique, app.clock.now());
  return basketFor(app, viewer.user);
}

export async function removeFromBasket(app: FastifyInstance, user: AuthUser, ids: number[] | null) {
  await basketRepository.removeFromBasket(app.db, user.id, ids);
  return basketFor(app, user);
}

export interface BasketDownloadPlan {
  fileName: string;
  size: RenditionSize;
  rows: { image: ImageRow; galleryName: string }[];
  totalSize: number;
  credits: { credit: string; usage_terms: string; image_count: number; files: string[] }[];
}

/**
 * What a basket download holds: the user's visible basket (or, for a signed link, the images it names), in
 * one size, its renditions made first when missing; refused past the download limit.
 */
export async function planBasketDownload(
  app: FastifyInstance,
  source: { user: AuthUser } | { images: number[] },
  size: RenditionSize,
  language: string,
): Promise<BasketDownloadPlan> {
  const rows =
    'user' in source
      ? await visibleRows(app, source.user)
      : source.images.length === 0
        ? []
        : await repository.imagesWithGalleries(app.db, inArray(galleryImages.id, source.images));
  if (rows.length === 0) throw validationError({ non_field_errors: ['basketEmpty'] });
  const images: BasketDownloadPlan['rows'] = [];
  for (const row of rows) {
    const image =
      size === 'original' ? row.image : { ...row.image, renditions: await ensureRenditions(app, row.image) };
    images.push({
      image,
      galleryName: pickLocalized(row.gallery.names, language) || `gallery-${row.gallery.id}`,
    });
  }
  const totalSize = images.reduce((sum, { image }) => sum + sizeIn(image, size), 0);
  if (totalSize > app.config.downloadMaxBytes) {
    throw new ApiError(
      400,
      { detail: 'downloadTooLarge' },
      { size: formatBytes(totalSize), limit: formatBytes(app.config.downloadMaxBytes) },
    );
  }
  const credits = new Map<string, BasketDownloadPlan['credits'][number]>();
  for (const { image } of images) {
    const key = JSON.stringify([image.credit, image.usageTerms]);
    const entry = credits.get(key) ?? {
      credit: image.credit,
      usage_terms: image.usageTerms,
      image_count: 0,
      files: [],
    };
    entry.image_count += 1;
    entry.files.push(entryName(image, size));
    credits.set(key, entry);
  }
  const day = app.clock.now().toISOString().slice(0, 10);
  return {
    fileName: `press-basket-${day}-${size}.zip`,
    size,
    rows: images,
    totalSize,
    credits: [...credits.values()],
  };
}

/** The name of an image in the archive: the original's, or its stem with `-web`/`-print` as JPEG. */
function entryName(image: ImageRow, size: RenditionSize) {
  if (size === 'original' || (size === 'print' && printIsOriginal(image))) return image.originalName;
  return `${path.parse(image.originalName).name}-${size}.jpg`;
}

export function basketZipEntries(app: FastifyInstance, plan: BasketDownloadPlan): ZipFileEntry[] {
  const root = uploadsDir(app.config.dataDir);
  return plan.rows.map(({ image, galleryName }) => {
    const original = plan.size === 'original' || (plan.size === 'print' && printIsOriginal(image));
    return {
      absolutePath: path.join(
        root,
        original ? image.storagePath : renditionPath(plan.size as 'web' | 'print', image.checksum),
      ),
      name: entryName(image, plan.size),
      folder: galleryName,
      mime: original ? image.mime : 'image/jpeg',
      date: image.createdAt,
    };
  });
}
