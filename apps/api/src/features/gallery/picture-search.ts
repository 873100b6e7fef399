import {
  type GalleryTags,
  type Picture,
  type PictureOrientation,
  type PictureResult,
  type PictureSearch,
  pictureSearchLimits,
  type pictureSearchQuery,
  type VideoFound,
} from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  type GalleryViewer,
  gallerySeenBy,
  gallerySightKey,
  galleryLinkScope as linkScope,
  releaseSightKey,
  seesEverySite,
} from '../../access/index.ts';
import { type Signer, scopedSigner } from '../../lib/signed-urls.ts';
import { withReader } from '../../plugins/read-counter.ts';
import { videoPoster } from '../videos/index.ts';
import type { PictureSearchAnswers } from './picture-search-answers.ts';
import type {
  FoundPicture,
  GalleryPictureShown,
  PictureFilters,
  ReleasePictureShown,
  ReleaseSearchViewer,
  VideosShown,
} from './picture-search-repository.ts';
import * as searchRepository from './picture-search-repository.ts';
import { presentImage } from './presenter.ts';
import { noTags, tagsOnSite } from './tags-repository.ts';

// One search for every picture a journalist may see: the gallery's pictures as the gallery shows them
// (canSeeGallery, as SQL: gallerySeenBy) and the releases' as the releases show them (visibleTo), found by
// the words of their stored search text and filtered, newest first.

/** The most words a search holds: each one is a condition the index serves. */
const maxWords = 8;

function orientationOf(width: number, height: number): PictureOrientation {
  if (width > height) return 'landscape';
  if (width < height) return 'portrait';
  return 'square';
}

/** The words of a search, each once, whatever its case. */
function searchWords(search: string | undefined): string[] {
  const words = (search ?? '').split(/\s+/).filter((word) => word !== '');
  const seen = new Map(words.map((word) => [word.toLowerCase(), word]));
  return [...seen.values()].slice(0, maxWords);
}

/**
 * The press area is for press users: their releases are read as the press reads them (under embargo too),
 * those of this site, as its list of releases shows them; the press office's of every site, as galleries.
 */
function releaseViewerOf(viewer: GalleryViewer, now: Date): ReleaseSearchViewer {
  return { pressAccess: true, now, site: seesEverySite(viewer.user) ? null : viewer.siteId };
}

export async function searchPictures(
  app: FastifyInstance,
  viewer: GalleryViewer,
  query: z.infer<typeof pictureSearchQuery>,
  signing: { sign: Signer; reader: string },
  kept: PictureSearchAnswers,
): Promise<PictureSearch> {
  const now = app.clock.now();
  const releaseViewer = releaseViewerOf(viewer, now);
  const pageSize = Math.min(query.page_size, pictureSearchLimits.pageSize);
  const filters: PictureFilters = {
    words: searchWords(query.search),
    site: query.site,
    company: query.company,
    brand: query.brand,
    orientation: query.orientation,
    kind: query.kind,
  };
  const visibility = {
    gallerySeen: gallerySeenBy(viewer, now),
    releaseViewer,
    videoViewer: { gallery: viewer, release: releaseViewer, releaseSite: releaseViewer.site },
    now,
  };
  const page = { limit: pageSize, offset: (query.page - 1) * pageSize };
  const moment = await kept.moment(now);
  // Every kind is counted whatever kind is asked: the counts are the same for each.
  const search = JSON.stringify([
    gallerySightKey(viewer, moment.galleriesHeld),
    releaseSightKey(releaseViewer),
    releaseViewer.site,
    filters.words.map((word) => word.toLowerCase()),
    filters.site,
    filters.company,
    filters.brand,
    filters.orientation,
  ]);
  // A search not counted yet reads every match anyway: its page comes with its count.
  let pageCounted: FoundPicture[] | undefined;
  const counts = await kept.counts(search, moment, now, async () => {
    const found = await searchRepository.searchPictures(app.db, filters, visibility, page);
    pageCounted = found.rows;
    return found.counts;
  });
  const userId = viewer.user?.id ?? null;
  const pageKey = `${search} ${filters.kind ?? ''} ${page.offset} ${page.limit}`;
  const shown = await kept.page(pageKey, moment, now, async () => {
    const found =
      pageCounted ?? (await searchRepository.pagePictures(app.db, filters, visibility, page, counts));
    const ofKind = (kind: FoundPicture['kind']) =>
      found.filter((row) => row.kind === kind).map(({ id }) => id);
    const [gallery, release, video] = await Promise.all([
      searchRepository.galleryPicturesShown(app.db, ofKind('gallery_image'), { now, userId }),
      searchRepository.releasePicturesShown(app.db, ofKind('release_image'), releaseViewer),
      searchRepository.videosShown(app.db, ofKind('video'), { now, userId }),
    ]);
    return { found, gallery, release, video };
  });
  const inBasket =
    userId === null ? new Set<string>() : await searchRepository.basketMarks(app.db, userId, shown.found);
  const galleryPictures = presentGalleryPictures(viewer, shown.gallery, inBasket, signing);
  const releasePictures = presentReleasePictures(viewer, shown.release, inBasket, signing);
  const videos = presentVideos(viewer, shown.video, signing);
  const results = shown.found
    .map((row) =>
      (row.kind === 'gallery_image'
        ? galleryPictures
        : row.kind === 'release_image'
          ? releasePictures
          : videos
      ).get(row.id),
    )
    .filter((result): result is PictureResult => result !== undefined);
  return {
    count: searchRepository.countOfKind(counts, filters.kind),
    counts: { gallery_image: counts.gallery, release_image: counts.release, video: counts.video },
    page: query.page,
    page_size: pageSize,
    results,
  };
}

/**
 * The videos of a page as their cards show them: the poster's address signed as the gallery's own files are
 * (its link scope) or as the release's pictures beside them, and the web app's page where each plays.
 */
function presentVideos(
  viewer: GalleryViewer,
  rows: VideosShown,
  signing: { sign: Signer; reader: string },
): Map<number, VideoFound> {
  const videos = new Map<number, VideoFound>();
  const card = (
    video: VideosShown['release'][number]['video'],
    sign: Signer,
    folder: VideoFound['folder'],
    page: string,
  ): VideoFound => ({
    kind: 'video',
    id: video.id,
    title: video.titles,
    credit: video.credit,
    duration_ms: video.durationMs,
    width: video.width,
    height: video.height,
    orientation: orientationOf(video.width, video.height),
    poster: videoPoster(video, sign)?.src ?? null,
    folder,
    page,
  });
  for (const row of rows.gallery) {
    const sign = scopedSigner(signing.sign, linkScope(viewer, [row]));
    const folder = { id: row.gallery.id, name: row.gallery.names };
    videos.set(row.video.id, card(row.video, sign, folder, `/press-gallery?gallery=${row.gallery.id}`));
  }
  for (const row of rows.release) {
    const releaseId = row.video.pressReleaseId as number;
    const folder = { id: releaseId, name: row.titles };
    videos.set(row.video.id, card(row.video, signing.sign, folder, `/press-release/${releaseId}`));
  }
  return videos;
}

function presentGalleryPictures(
  viewer: GalleryViewer,
  rows: GalleryPictureShown[],
  inBasket: Set<string>,
  signing: { sign: Signer; reader: string },
): Map<number, Picture> {
  const basket = new Set(
    rows.filter((row) => inBasket.has(`gallery_image ${row.image.id}`)).map((row) => row.image.id),
  );
  // Each link says what its viewer may see of its gallery, as the gallery's own answers do: the press's
  // links are the same for everyone, the editor's name them.
  const signers = new Map<string, Signer>();
  const pictures = new Map<number, Picture>();
  for (const row of rows) {
    const scope = linkScope(viewer, [row]);
    let sign = signers.get(scope);
    if (sign === undefined) {
      sign = scopedSigner(signing.sign, scope);
      signers.set(scope, sign);
    }
    const image = presentImage(sign, row.image, noTags, basket, signing.reader);
    pictures.set(image.id, {
      kind: 'gallery_image',
      id: image.id,
      caption: image.caption,
      alt_text: image.alt_text,
      credit: image.credit,
      usage_terms: image.usage_terms,
      keywords: image.keywords,
      original_name: image.original_name,
      size: image.size,
      mime: image.mime,
      width: image.width,
      height: image.height,
      urls: image.urls,
      renditions: image.renditions,
      in_basket: image.in_basket,
      orientation: orientationOf(image.width, image.height),
      folder: { id: row.gallery.id, name: row.gallery.names },
    });
  }
  return pictures;
}

function presentReleasePictures(
  viewer: GalleryViewer,
  rows: ReleasePictureShown[],
  inBasket: Set<string>,
  signing: { sign: Signer; reader: string },
): Map<number, Picture> {
  const pictures = new Map<number, Picture>();
  for (const row of rows) {
    if (!row.visible) continue;
    const { file, groups } = row;
    // Served as the press of a site the release is on reads it: this one when it is, as the basket does.
    const on = groups.includes(viewer.siteId) ? viewer.siteId : (groups[0] ?? viewer.siteId);
    const base = `/api/press_room/press_release_file/${file.id}/`;
    const link = (variant: string, download: boolean) => {
      const path = `${base}${variant ? `${variant}/` : ''}?on=${on}`;
      return signing.sign(download ? withReader(path, signing.reader) : path);
    };
    const width = file.width ?? 0;
    const height = file.height ?? 0;
    pictures.set(file.id, {
      kind: 'release_image',
      id: file.id,
      caption: file.title ? { [file.language ?? 'en']: file.title } : {},
      alt_text: {},
      credit: file.credit ?? '',
      usage_terms: '',
      keywords: [],
      original_name: file.originalName,
      size: file.size,
      mime: file.contentType,
      width,
      height,
      urls: {
        original: link('', true),
        preview: link('web', false),
        thumbnail: file.thumbnailPath ? link('thumbnail', false) : link('web', false),
        web: link('web', true),
        print: link('print', true),
      },
      renditions: file.renditions,
      in_basket: inBasket.has(`release_image ${file.id}`),
      orientation: orientationOf(width, height),
      folder: { id: file.pressReleaseId, name: row.titles },
    });
  }
  return pictures;
}

/**
 * The companies and brands to filter by: those the gallery's filter offers on this site (tagged, or a
 * gallery's owner) and those of releases with pictures the reader may see, each once, by name.
 */
export async function pictureFilters(app: FastifyInstance, viewer: GalleryViewer): Promise<GalleryTags> {
  const [gallery, releases] = await Promise.all([
    tagsOnSite(app.db, viewer.siteId, app.clock.now()),
    searchRepository.releasePictureOwners(app.db, releaseViewerOf(viewer, app.clock.now())),
  ]);
  const merged = (lists: { id: number; name: string }[][]) =>
    [...new Map(lists.flat().map((entry) => [entry.id, entry])).values()].sort(
      (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id,
    );
  return {
    companies: merged([gallery.companies, releases.companies]),
    brands: merged([gallery.brands, releases.brands]),
  };
}
