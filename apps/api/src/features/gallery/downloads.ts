import { pickLocalized, translateMessage } from '@pressroom/contract';
import { galleryImages } from '@pressroom/db';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canSeeGallery, galleryLinkScope as linkScope } from '../../access/index.ts';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { formatBytes, safeEntryName, type ZipFileEntry } from '../../lib/zip-download.ts';
import { findVideos, type VideoRow, videosOfOwner } from '../videos/index.ts';
import type { CategoryRow, GalleryRow, ImageRow } from './repository.ts';
import * as repository from './repository.ts';
import { type Viewer, visibleGallery } from './service.ts';

// A download of pictures and videos (a gallery, or a selection): what it holds as its viewer may see it now,
// its size checked, its credits grouped for CREDITS.txt, and the ZIP's entries.

/** One credit line of a download: its credit and terms, how many pictures and videos, and their names. */
export interface DownloadCredit {
  credit: string;
  usage_terms: string;
  image_count: number;
  video_count: number;
  files: string[];
}

/** The credit lines of a download's files, grouped by credit and terms in the order first met. */
export function groupCredits(
  files: { credit: string; usageTerms: string; name: string; kind: 'image' | 'video' }[],
): DownloadCredit[] {
  const credits = new Map<string, DownloadCredit>();
  for (const file of files) {
    const key = JSON.stringify([file.credit, file.usageTerms]);
    const entry = credits.get(key) ?? {
      credit: file.credit,
      usage_terms: file.usageTerms,
      image_count: 0,
      video_count: 0,
      files: [],
    };
    if (file.kind === 'image') entry.image_count++;
    else entry.video_count++;
    entry.files.push(file.name);
    credits.set(key, entry);
  }
  return [...credits.values()];
}

/** A credit line as the download's answer shows it (without the names, which are in CREDITS.txt). */
export const presentCredit = ({ credit, usage_terms, image_count, video_count, files }: DownloadCredit) => ({
  credit,
  usage_terms,
  image_count,
  video_count,
  file_count: files.length,
});

export interface DownloadPlan {
  fileName: string;
  images: { image: ImageRow; gallery: GalleryRow }[];
  /** The gallery's videos (or those of the selection), as their originals. */
  videos: VideoRow[];
  totalSize: number;
  credits: DownloadCredit[];
  /** What the download's signed link must say of its viewer (linkScope). */
  scope: string;
}

/** Of the videos named, those of galleries `viewer` may see, with those galleries (for the link's scope). */
async function selectedVideos(app: FastifyInstance, viewer: Viewer, ids: number[]) {
  const rows = (await findVideos(app, ids)).filter((video) => video.galleryId !== null);
  const seen = new Map<number, { gallery: GalleryRow; category: CategoryRow } | null>();
  for (const galleryId of new Set(rows.map((video) => video.galleryId as number))) {
    const found = await repository.findGallery(app.db, galleryId, app.clock.now(), viewer.user?.id ?? null);
    seen.set(
      galleryId,
      found && canSeeGallery(viewer, found.gallery, found.category)
        ? { gallery: found.gallery, category: found.category }
        : null,
    );
  }
  return {
    videos: rows.filter((video) => seen.get(video.galleryId as number)),
    shown: [...seen.values()].filter((found) => found !== null),
  };
}

/**
 * The pictures and videos a download holds, as `viewer` may see them now. `fromLink`: asked by a signed link,
 * whose files are checked again as it is fetched; when none is left (drafts again, off the site, deleted) the
 * link is stale, a 404.
 */
export async function planDownload(
  app: FastifyInstance,
  viewer: Viewer,
  selection: { gallery?: number; images?: number[]; videos?: number[] },
  language: string,
  { fromLink = false }: { fromLink?: boolean } = {},
): Promise<DownloadPlan> {
  let rows: Awaited<ReturnType<typeof repository.imagesWithGalleries>>;
  let videos: VideoRow[];
  let shown: { gallery: GalleryRow; category: CategoryRow }[];
  let baseName: string;
  if (selection.gallery !== undefined) {
    const found = await visibleGallery(app, viewer, selection.gallery);
    const { gallery } = found;
    rows = await repository.imagesWithGalleries(
      app.db,
      eq(galleryImages.galleryId, gallery.id),
      app.clock.now(),
      viewer.user?.id ?? null,
    );
    videos = await videosOfOwner(app, { galleryId: gallery.id });
    shown = [...rows, found];
    baseName = pickLocalized(gallery.names, language) || `gallery-${gallery.id}`;
  } else {
    const ids = [...new Set(selection.images ?? [])];
    rows =
      ids.length === 0
        ? []
        : await repository.imagesWithGalleries(
            app.db,
            inArray(galleryImages.id, ids),
            app.clock.now(),
            viewer.user?.id ?? null,
          );
    rows = rows.filter((row) => canSeeGallery(viewer, row.gallery, row.category));
    const selected = await selectedVideos(app, viewer, [...new Set(selection.videos ?? [])]);
    videos = selected.videos;
    shown = [...rows, ...selected.shown];
    baseName = `press-gallery-selection-${app.clock.now().toISOString().slice(0, 10)}`;
  }
  if (rows.length + videos.length === 0) {
    if (fromLink) throw notFound();
    throw validationError({ non_field_errors: ['nothingToDownload'] });
  }
  const totalSize =
    rows.reduce((total, row) => total + row.image.size, 0) +
    videos.reduce((total, video) => total + video.fileSize, 0);
  if (totalSize > app.config.downloadMaxBytes) {
    throw new ApiError(
      400,
      { detail: 'downloadTooLarge' },
      { size: formatBytes(totalSize), limit: formatBytes(app.config.downloadMaxBytes) },
    );
  }
  return {
    fileName: `${safeEntryName(baseName, 'gallery').replace(/\s+/g, '-')}.zip`,
    images: rows.map(({ image, gallery }) => ({ image, gallery })),
    videos,
    totalSize,
    credits: groupCredits([
      ...rows.map(({ image }) => ({
        credit: image.credit,
        usageTerms: image.usageTerms,
        name: image.originalName,
        kind: 'image' as const,
      })),
      ...videos.map((video) => ({
        credit: video.credit,
        usageTerms: '',
        name: video.fileName,
        kind: 'video' as const,
      })),
    ]),
    scope: linkScope(viewer, shown),
  };
}

/** CREDITS.txt: who to credit and on which terms, in the reader's language, with the files concerned. */
export function creditsText(
  plan: Pick<DownloadPlan, 'credits'>,
  language: string,
  siteName: string,
  date: Date,
) {
  const t = (key: string, params?: Record<string, string | number>) =>
    translateMessage(language, key, params);
  const lines = [
    t('creditsHeading'),
    '',
    t('creditsIntro', { site: siteName, date: date.toISOString().slice(0, 10) }),
    '',
  ];
  for (const entry of plan.credits) {
    lines.push(`${t('creditLabel')}: ${entry.credit || t('noCreditGiven')}`);
    if (entry.usage_terms) lines.push(`${t('usageTermsLabel')}: ${entry.usage_terms}`);
    lines.push(`${t('filesLabel')} (${entry.files.length}): ${entry.files.join(', ')}`, '');
  }
  return lines.join('\r\n');
}

export function zipEntries(plan: DownloadPlan): ZipFileEntry[] {
  return [
    ...plan.images.map(({ image }) => ({
      key: image.storagePath,
      name: image.originalName,
      mime: image.mime,
      date: image.createdAt,
    })),
    ...plan.videos.map((video) => ({
      key: video.fileKey,
      name: video.fileName,
      mime: video.contentType,
      date: video.createdAt,
    })),
  ];
}
