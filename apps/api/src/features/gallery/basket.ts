import path from 'node:path';
import {
  type Basket,
  type BasketItem,
  type BasketItemKind,
  pickLocalized,
  type RenditionSize,
} from '@pressroom/contract';
import { galleryImages, type ImageRenditionFacts } from '@pressroom/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { galleryFilePath } from '../../lib/gallery-files.ts';
import { printIsOriginal, renditionPath } from '../../lib/image-renditions.ts';
import type { Signer } from '../../lib/signed-urls.ts';
import { formatBytes, type ZipFileEntry } from '../../lib/zip-download.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { ensureReleaseRenditions, type Viewer as ReleaseViewer } from '../press-releases/index.ts';
import * as basketRepository from './basket-repository.ts';
import * as repository from './repository.ts';
import {
  canSeeGallery,
  ensureRenditions,
  linkScope,
  stillPublished,
  type Viewer,
  visibleGallery,
  withScope,
} from './service.ts';

export { creditsText as basketCreditsText } from './service.ts';

// The basket: pictures picked from any gallery and any release, on any site, kept per user. A
// gallery picture stays in it while the user may still see it on the site where it was picked; a release
// picture while its release may be read.

/** One picture of the basket, wherever it comes from. */
interface Entry {
  kind: BasketItemKind;
  id: number;
  folder: { id: number; name: Record<string, string> };
  site: number;
  originalName: string;
  caption: Record<string, string>;
  altText: Record<string, string>;
  credit: string;
  usageTerms: string;
  storagePath: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  checksum: string;
  renditions: ImageRenditionFacts | null;
  /** A release picture's row, whose renditions are kept on it. */
  row?: ReleaseImageRow['file'];
  /** The thumbnail's path, signed when presented. */
  thumbnail: string;
  createdAt: Date;
  addedAt: Date;
}

const releaseViewer = (app: FastifyInstance): ReleaseViewer => ({ pressAccess: true, now: app.clock.now() });

function fromGallery(
  row: Awaited<ReturnType<typeof repository.imagesWithGalleries>>[number],
  site: number,
  addedAt: Date,
  user: AuthUser | null = null,
): Entry {
  const { image, gallery } = row;
  return {
    kind: 'gallery_image',
    id: image.id,
    folder: { id: gallery.id, name: gallery.names },
    site,
    originalName: image.originalName,
    caption: image.captions,
    altText: image.altTexts,
    credit: image.credit,
    usageTerms: image.usageTerms,
    storagePath: image.storagePath,
    mime: image.mime,
    size: image.size,
    width: image.width,
    height: image.height,
    checksum: image.checksum,
    renditions: image.renditions,
    // Checked again when fetched as the basket checks it: seen on the site where it was picked (which may not
    // be the one showing the basket), by the press or by the user as its editor.
    thumbnail: withScope(
      `${galleryFilePath(image, 'thumbnail')}?on=${site}`,
      linkScope({ user, siteId: site }, [row]),
    ),
    createdAt: image.createdAt,
    addedAt,
  };
}

type ReleaseImageRow = Awaited<ReturnType<typeof basketRepository.releaseImagesByIds>>[number];

function fromRelease(row: ReleaseImageRow, site: number, addedAt: Date): Entry {
  const { file } = row;
  // Drivers differ on whether json arrives parsed; both shapes are accepted.
  const groups: number[] = typeof row.groups === 'string' ? JSON.parse(row.groups) : row.groups;
  const on = groups.includes(site) ? site : (groups[0] ?? site);
  const width = file.width ?? 0;
  const height = file.height ?? 0;
  return {
    kind: 'release_image',
    id: file.id,
    folder: { id: file.pressReleaseId, name: row.titles },
    site,
    originalName: file.originalName,
    caption: file.title ? { [file.language ?? 'en']: file.title } : {},
    altText: {},
    credit: file.credit ?? '',
    usageTerms: '',
    storagePath: file.storagePath,
    mime: file.contentType,
    size: file.size,
    width,
    height,
    checksum: file.sha256,
    renditions: file.renditions,
    row: file,
    // Checked again when fetched, as the press of a site the release is on (the one it was picked on when
    // it still is) reads it, wherever the basket is shown.
    thumbnail: `/api/press_room/press_release_file/${file.id}/thumbnail/?on=${on}`,
    createdAt: file.createdAt,
    addedAt,
  };
}

async function visibleEntries(app: FastifyInstance, user: AuthUser): Promise<Entry[]> {
  const [pictures, releasePictures] = await Promise.all([
    basketRepository.basketOf(app.db, user.id, app.clock.now()),
    basketRepository.basketReleaseImagesOf(app.db, releaseViewer(app), user.id),
  ]);
  return [
    ...pictures
      .filter((row) => canSeeGallery({ user, siteId: row.item.pressGroupId }, row.gallery, row.category))
      .map((row) => fromGallery(row, row.item.pressGroupId, row.item.addedAt, user)),
    ...releasePictures
      .filter((row) => row.visible)
      .map((row) => fromRelease(row, row.item.pressGroupId, row.item.addedAt)),
  ];
}

/** The bytes of a picture in a size; before its renditions are made, the original's. */
function sizeIn(entry: Entry, size: RenditionSize) {
  return entry.renditions?.[size].size ?? entry.size;
}

function presentItem(entry: Entry, sign: Signer): BasketItem {
  return {
    kind: entry.kind,
    id: entry.id,
    folder: entry.folder,
    site: entry.site,
    original_name: entry.originalName,
    caption: entry.caption,
    alt_text: entry.altText,
    credit: entry.credit,
    thumbnail: sign(entry.thumbnail),
    renditions: entry.renditions,
    size: entry.size,
    width: entry.width,
    height: entry.height,
    added_at: entry.addedAt.toISOString(),
  };
}

/** The user's visible basket; `sign` signs its thumbnails for the site answered. */
export async function basketFor(app: FastifyInstance, user: AuthUser, sign: Signer): Promise<Basket> {
  const entries = await visibleEntries(app, user);
  const total = (size: RenditionSize) => entries.reduce((sum, entry) => sum + sizeIn(entry, size), 0);
  return {
    items: entries.map((entry) => presentItem(entry, sign)),
    count: entries.length,
    total_size: total('original'),
    sizes: { original: total('original'), web: total('web'), print: total('print') },
  };
}

/** Adds pictures the user may see on this site; one they may not see answers 404 and nothing is added. */
export async function addToBasket(
  app: FastifyInstance,
  viewer: Viewer & { user: AuthUser },
  change: { images?: number[]; release_images?: number[] },
  sign: Signer,
) {
  const images = [...new Set(change.images ?? [])];
  const releaseImages = [...new Set(change.release_images ?? [])];
  if (images.length > 0) {
    const rows = await repository.imagesWithGalleries(
      app.db,
      inArray(galleryImages.id, images),
      app.clock.now(),
    );
    if (rows.filter((row) => canSeeGallery(viewer, row.gallery, row.category)).length !== images.length) {
      throw notFound();
    }
  }
  if (releaseImages.length > 0) {
    const rows = await basketRepository.releaseImagesByIds(app.db, releaseViewer(app), releaseImages);
    if (rows.filter((row) => row.visible).length !== releaseImages.length) throw notFound();
  }
  await app.db.transaction(async (tx) => {
    const now = app.clock.now();
    await basketRepository.addToBasket(tx, viewer.user.id, viewer.siteId, images, now);
    await basketRepository.addReleaseImagesToBasket(tx, viewer.user.id, viewer.siteId, releaseImages, now);
  });
  return basketFor(app, viewer.user, sign);
}

export async function removeFromBasket(
  app: FastifyInstance,
  user: AuthUser,
  change: { images?: number[]; release_images?: number[] } | null,
  sign: Signer,
) {
  await app.db.transaction(async (tx) => {
    if (change === null || change.images) {
      await basketRepository.removeFromBasket(tx, user.id, change?.images ?? null);
    }
    if (change === null || change.release_images) {
      await basketRepository.removeReleaseImagesFromBasket(tx, user.id, change?.release_images ?? null);
    }
  });
  return basketFor(app, user, sign);
}

/**
 * Every picture of a gallery the user may see on this site, put into the basket or taken out of it at once (the
 * gallery's "add all" and "remove all", whatever part of it the screen has loaded). A gallery they may not see
 * answers 404 and the basket is left as it was.
 */
export async function changeGalleryInBasket(
  app: FastifyInstance,
  viewer: Viewer & { user: AuthUser },
  galleryId: number,
  change: 'add' | 'remove',
  sign: Signer,
) {
  await visibleGallery(app, viewer, galleryId);
  if (change === 'add') {
    await basketRepository.addGalleryToBasket(
      app.db,
      viewer.user.id,
      viewer.siteId,
      galleryId,
      app.clock.now(),
    );
  } else {
    await basketRepository.removeGalleryFromBasket(app.db, viewer.user.id, galleryId);
  }
  return basketFor(app, viewer.user, sign);
}

export interface BasketDownloadPlan {
  fileName: string;
  size: RenditionSize;
  entries: Entry[];
  totalSize: number;
  credits: { credit: string; usage_terms: string; image_count: number; files: string[] }[];
  language: string;
}

/**
 * What a basket download holds: the user's visible basket (or, for a signed link, the pictures it names), in
 * one size, their renditions made first when missing; refused past the download limit.
 */
export async function planBasketDownload(
  app: FastifyInstance,
  source: { user: AuthUser } | { images: number[]; releaseImages: number[] },
  size: RenditionSize,
  language: string,
): Promise<BasketDownloadPlan> {
  let entries: Entry[];
  if ('user' in source) {
    entries = await visibleEntries(app, source.user);
  } else {
    const [pictures, releasePictures] = await Promise.all([
      source.images.length === 0
        ? []
        : repository.imagesWithGalleries(app.db, inArray(galleryImages.id, source.images), app.clock.now()),
      source.releaseImages.length === 0
        ? []
        : basketRepository.releaseImagesByIds(app.db, releaseViewer(app), source.releaseImages),
    ]);
    // The link was made for what the user could see then; it serves only what is still published now.
    const now = app.clock.now();
    entries = [
      ...pictures
        .filter((row) => stillPublished(row.gallery, row.category))
        .map((row) => fromGallery(row, 0, now)),
      ...releasePictures.filter((row) => row.visible).map((row) => fromRelease(row, 0, now)),
    ];
  }
  if (entries.length === 0) throw validationError({ non_field_errors: ['basketEmpty'] });
  if (size !== 'original') {
    for (const entry of entries) {
      entry.renditions =
        entry.kind === 'gallery_image'
          ? await ensureRenditions(
              app,
              (await repository.findImage(app.db, entry.id, app.clock.now()))!.image,
            )
          : await ensureReleaseRenditions(app, entry.row!);
      // A release picture stored without its pixels has them now.
      entry.width = entry.renditions.original.width;
      entry.height = entry.renditions.original.height;
    }
  }
  const totalSize = entries.reduce((sum, entry) => sum + sizeIn(entry, size), 0);
  if (totalSize > app.config.downloadMaxBytes) {
    throw new ApiError(
      400,
      { detail: 'downloadTooLarge' },
      { size: formatBytes(totalSize), limit: formatBytes(app.config.downloadMaxBytes) },
    );
  }
  const credits = new Map<string, BasketDownloadPlan['credits'][number]>();
  for (const entry of entries) {
    const key = JSON.stringify([entry.credit, entry.usageTerms]);
    const credit = credits.get(key) ?? {
      credit: entry.credit,
      usage_terms: entry.usageTerms,
      image_count: 0,
      files: [],
    };
    credit.image_count += 1;
    credit.files.push(entryName(entry, size));
    credits.set(key, credit);
  }
  const day = app.clock.now().toISOString().slice(0, 10);
  return {
    fileName: `press-basket-${day}-${size}.zip`,
    size,
    entries,
    totalSize,
    credits: [...credits.values()],
    language,
  };
}

const isOriginalIn = (entry: Entry, size: RenditionSize) =>
  size === 'original' || (size === 'print' && printIsOriginal(entry));

/** The name of a picture in the archive: the original's, or its stem with `-web`/`-print` as JPEG. */
function entryName(entry: Entry, size: RenditionSize) {
  if (isOriginalIn(entry, size)) return entry.originalName;
  return `${path.parse(entry.originalName).name}-${size}.jpg`;
}

export function basketZipEntries(plan: BasketDownloadPlan): ZipFileEntry[] {
  return plan.entries.map((entry) => {
    const original = isOriginalIn(entry, plan.size);
    return {
      key: original ? entry.storagePath : renditionPath(plan.size as 'web' | 'print', entry.checksum),
      name: entryName(entry, plan.size),
      folder:
        pickLocalized(entry.folder.name, plan.language) ||
        `${entry.kind === 'gallery_image' ? 'gallery' : 'release'}-${entry.folder.id}`,
      mime: original ? entry.mime : 'image/jpeg',
      date: entry.createdAt,
    };
  });
}

/** The ids a signed link names, by kind. */
export function signedIds(plan: BasketDownloadPlan) {
  const of = (kind: BasketItemKind) =>
    plan.entries
      .filter((entry) => entry.kind === kind)
      .map((entry) => entry.id)
      .join(',');
  return { images: of('gallery_image'), releaseImages: of('release_image') };
}
