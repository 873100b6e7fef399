import path from 'node:path';
import {
  type Basket,
  type BasketItem,
  type BasketItemKind,
  type BasketVideo,
  pickLocalized,
  type RenditionSize,
} from '@pressroom/contract';
import { galleryImages, type ImageRenditionFacts } from '@pressroom/db';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  canSeeGallery,
  galleryLinkScope as linkScope,
  type Viewer as ReleaseViewer,
  stillPublished,
} from '../../access/index.ts';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { galleryFilePath } from '../../lib/gallery-files.ts';
import { printIsOriginal, renditionPath } from '../../lib/image-renditions.ts';
import type { Signer } from '../../lib/signed-urls.ts';
import { formatBytes, type ZipFileEntry } from '../../lib/zip-download.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { ensureReleaseRenditions } from '../press-releases/index.ts';
import {
  findVideos,
  type VideoRow,
  videoPoster,
  videosOfOwner,
  videosSeenBy,
  videosStillServed,
} from '../videos/index.ts';
import * as basketRepository from './basket-repository.ts';
import { type DownloadCredit, groupCredits } from './downloads.ts';
import { ensureRenditions } from './renditions.ts';
import * as repository from './repository.ts';
import { type Viewer, visibleGallery, withScope } from './service.ts';

export { creditsText as basketCreditsText } from './downloads.ts';

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

/** One video of the basket, with its folder (its release or gallery) and the site it was picked on. */
interface VideoEntry {
  video: VideoRow;
  folder: { kind: 'gallery' | 'release'; id: number; name: Record<string, string> };
  site: number;
  addedAt: Date;
}

// Drivers differ on whether json arrives parsed; both shapes are accepted.
const parsedNames = (names: Record<string, string> | string | null): Record<string, string> =>
  typeof names === 'string' ? JSON.parse(names) : (names ?? {});

/** A video with its folder: its release, named by its titles, or its gallery, by its names. */
function withFolder(row: {
  video: VideoRow;
  releaseTitles: Record<string, string> | string;
  galleryNames: Record<string, string> | string | null;
}): Pick<VideoEntry, 'video' | 'folder'> {
  const { video } = row;
  return {
    video,
    folder:
      video.pressReleaseId !== null
        ? { kind: 'release', id: video.pressReleaseId, name: parsedNames(row.releaseTitles) }
        : { kind: 'gallery', id: video.galleryId as number, name: parsedNames(row.galleryNames) },
  };
}

/** The basket's videos the user may still see, each as its own address would let them (the videos' rule). */
async function visibleVideos(app: FastifyInstance, user: AuthUser): Promise<VideoEntry[]> {
  const rows = await basketRepository.basketVideosOf(app.db, user.id);
  const seen = await videosSeenBy(
    app,
    user,
    rows.map((row) => ({ video: row.video, siteId: row.item.pressGroupId })),
  );
  return rows
    .filter((_, index) => seen[index])
    .map((row) => ({ ...withFolder(row), site: row.item.pressGroupId, addedAt: row.item.addedAt }));
}

/** A video of the basket; its poster's address is signed to be read on the site it was picked on. */
function presentVideo(entry: VideoEntry, sign: Signer): BasketVideo {
  const { video } = entry;
  return {
    id: video.id,
    folder: entry.folder,
    site: entry.site,
    title: video.titles,
    file_name: video.fileName,
    credit: video.credit,
    poster: videoPoster(video, (pathAndQuery) =>
      sign(`${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}on=${entry.site}`),
    ),
    duration_ms: video.durationMs,
    size: video.fileSize,
    width: video.width,
    height: video.height,
    content_type: video.contentType,
    added_at: entry.addedAt.toISOString(),
  };
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
  const [entries, videos] = await Promise.all([visibleEntries(app, user), visibleVideos(app, user)]);
  // A video is its original in every size.
  const videoBytes = videos.reduce((sum, entry) => sum + entry.video.fileSize, 0);
  const total = (size: RenditionSize) =>
    entries.reduce((sum, entry) => sum + sizeIn(entry, size), 0) + videoBytes;
  return {
    items: entries.map((entry) => presentItem(entry, sign)),
    videos: videos.map((entry) => presentVideo(entry, sign)),
    count: entries.length + videos.length,
    total_size: total('original'),
    sizes: { original: total('original'), web: total('web'), print: total('print') },
  };
}

/**
 * What the user's data download names of their basket: the pictures and videos they may still see (the
 * basket's own rule), each with its folder, the site it was picked on and when.
 */
export async function basketContents(app: FastifyInstance, user: AuthUser) {
  const [entries, videos] = await Promise.all([visibleEntries(app, user), visibleVideos(app, user)]);
  return {
    pictures: entries.map((entry) => ({
      kind: entry.kind,
      id: entry.id,
      folder: entry.folder,
      site: entry.site,
      fileName: entry.originalName,
      addedAt: entry.addedAt,
    })),
    videos: videos.map((entry) => ({
      id: entry.video.id,
      folder: entry.folder,
      site: entry.site,
      fileName: entry.video.fileName,
      addedAt: entry.addedAt,
    })),
  };
}

/** Adds pictures the user may see on this site; one they may not see answers 404 and nothing is added. */
export async function addToBasket(
  app: FastifyInstance,
  viewer: Viewer & { user: AuthUser },
  change: { images?: number[]; release_images?: number[]; videos?: number[] },
  sign: Signer,
) {
  const images = [...new Set(change.images ?? [])];
  const releaseImages = [...new Set(change.release_images ?? [])];
  const videos = [...new Set(change.videos ?? [])];
  if (images.length > 0) {
    const rows = await repository.imagesWithGalleries(
      app.db,
      inArray(galleryImages.id, images),
      app.clock.now(),
      viewer.user.id,
    );
    if (rows.filter((row) => canSeeGallery(viewer, row.gallery, row.category)).length !== images.length) {
      throw notFound();
    }
  }
  if (releaseImages.length > 0) {
    const rows = await basketRepository.releaseImagesByIds(app.db, releaseViewer(app), releaseImages);
    if (rows.filter((row) => row.visible).length !== releaseImages.length) throw notFound();
  }
  if (videos.length > 0) {
    const rows = await findVideos(app, videos);
    const seen = await videosSeenBy(
      app,
      viewer.user,
      rows.map((video) => ({ video, siteId: viewer.siteId })),
    );
    if (seen.filter(Boolean).length !== videos.length) throw notFound();
  }
  await app.db.transaction(async (tx) => {
    const now = app.clock.now();
    await basketRepository.addToBasket(tx, viewer.user.id, viewer.siteId, images, now);
    await basketRepository.addReleaseImagesToBasket(tx, viewer.user.id, viewer.siteId, releaseImages, now);
    await basketRepository.addVideosToBasket(tx, viewer.user.id, viewer.siteId, videos, now);
  });
  return basketFor(app, viewer.user, sign);
}

export async function removeFromBasket(
  app: FastifyInstance,
  user: AuthUser,
  change: { images?: number[]; release_images?: number[]; videos?: number[] } | null,
  sign: Signer,
) {
  await app.db.transaction(async (tx) => {
    if (change === null || change.videos) {
      await basketRepository.removeVideosFromBasket(tx, user.id, change?.videos ?? null);
    }
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
 * Every picture and video of a gallery the user may see on this site, put into the basket or taken out of it at
 * once (the gallery's "add all" and "remove all", whatever part of it the screen has loaded). Its videos are
 * those adding one video would accept (the videos' rule). A gallery they may not see answers 404 and the basket
 * is left as it was.
 */
export async function changeGalleryInBasket(
  app: FastifyInstance,
  viewer: Viewer & { user: AuthUser },
  galleryId: number,
  change: 'add' | 'remove',
  sign: Signer,
) {
  await visibleGallery(app, viewer, galleryId);
  const videos = await videosOfOwner(app, { galleryId });
  const seen = await videosSeenBy(
    app,
    viewer.user,
    videos.map((video) => ({ video, siteId: viewer.siteId })),
  );
  const videoIds = videos.filter((_, index) => seen[index]).map((video) => video.id);
  await app.db.transaction(async (tx) => {
    if (change === 'add') {
      const now = app.clock.now();
      await basketRepository.addGalleryToBasket(tx, viewer.user.id, viewer.siteId, galleryId, now);
      await basketRepository.addVideosToBasket(tx, viewer.user.id, viewer.siteId, videoIds, now);
    } else {
      await basketRepository.removeGalleryFromBasket(tx, viewer.user.id, galleryId);
      if (videoIds.length > 0) await basketRepository.removeVideosFromBasket(tx, viewer.user.id, videoIds);
    }
  });
  return basketFor(app, viewer.user, sign);
}

export interface BasketDownloadPlan {
  fileName: string;
  size: RenditionSize;
  entries: Entry[];
  /** Videos, always as their originals. */
  videos: VideoEntry[];
  totalSize: number;
  credits: DownloadCredit[];
  language: string;
}

/**
 * What a basket download holds: the user's visible basket (or, for a signed link, the pictures it names), in
 * one size, their renditions made first when missing; refused past the download limit.
 */
export async function planBasketDownload(
  app: FastifyInstance,
  source: { user: AuthUser } | { images: number[]; releaseImages: number[]; videos: number[] },
  size: RenditionSize,
  language: string,
): Promise<BasketDownloadPlan> {
  let entries: Entry[];
  let videos: VideoEntry[];
  if ('user' in source) {
    [entries, videos] = await Promise.all([
      visibleEntries(app, source.user),
      visibleVideos(app, source.user),
    ]);
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
    const named =
      source.videos.length === 0 ? [] : await basketRepository.videosWithFolders(app.db, source.videos);
    const served = new Set(
      await videosStillServed(
        app,
        named.map((row) => row.video),
      ),
    );
    videos = named
      .filter((row) => served.has(row.video))
      .map((row) => ({ ...withFolder(row), site: 0, addedAt: now }));
  }
  if (entries.length + videos.length === 0) throw validationError({ non_field_errors: ['basketEmpty'] });
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
  const totalSize =
    entries.reduce((sum, entry) => sum + sizeIn(entry, size), 0) +
    videos.reduce((sum, entry) => sum + entry.video.fileSize, 0);
  if (totalSize > app.config.downloadMaxBytes) {
    throw new ApiError(
      400,
      { detail: 'downloadTooLarge' },
      { size: formatBytes(totalSize), limit: formatBytes(app.config.downloadMaxBytes) },
    );
  }
  const credits = groupCredits([
    ...entries.map((entry) => ({
      credit: entry.credit,
      usageTerms: entry.usageTerms,
      name: entryName(entry, size),
      kind: 'image' as const,
    })),
    ...videos.map(({ video }) => ({
      credit: video.credit,
      usageTerms: '',
      name: video.fileName,
      kind: 'video' as const,
    })),
  ]);
  const day = app.clock.now().toISOString().slice(0, 10);
  return {
    fileName: `press-basket-${day}-${size}.zip`,
    size,
    entries,
    videos,
    totalSize,
    credits,
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
  const videos = plan.videos.map(({ video, folder }) => ({
    key: video.fileKey,
    name: video.fileName,
    folder: pickLocalized(folder.name, plan.language) || `${folder.kind}-${folder.id}`,
    mime: video.contentType,
    date: video.createdAt,
  }));
  const pictures = plan.entries.map((entry) => {
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
  return [...pictures, ...videos];
}

/** The ids a signed link names, by kind. */
export function signedIds(plan: BasketDownloadPlan) {
  const of = (kind: BasketItemKind) =>
    plan.entries
      .filter((entry) => entry.kind === kind)
      .map((entry) => entry.id)
      .join(',');
  return {
    images: of('gallery_image'),
    releaseImages: of('release_image'),
    videos: plan.videos.map(({ video }) => video.id).join(','),
  };
}
