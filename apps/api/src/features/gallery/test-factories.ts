import type { Picture, PictureResult } from '@pressroom/contract';
import {
  type Database,
  galleries,
  galleryCategories,
  galleryImages,
  pressReleaseFiles,
  videos,
} from '@pressroom/db';
import { expect } from 'vitest';

let minute = 0;
/** Each picture a minute newer than the one before, unless told: searches list the newest first. */
const nextTime = () => new Date(Date.UTC(2026, 4, 1, 8, minute++));

/** A gallery in a category of its own shown on the sites `groups`; published unless told. */
export async function insertGallery(
  db: Database,
  options: { groups: number[]; status?: 'draft' | 'published'; companyId?: number | null; name?: string },
) {
  const [category] = await db
    .insert(galleryCategories)
    .values({ names: { en: 'Stands' }, groupIds: options.groups })
    .returning();
  const [gallery] = await db
    .insert(galleries)
    .values({
      categoryId: category.id,
      names: { en: options.name ?? 'Hall 1' },
      status: options.status ?? 'published',
      companyId: options.companyId ?? null,
    })
    .returning();
  return gallery.id;
}

/** A picture of the gallery named `name`, its words in an English caption, keywords and credit. */
export async function insertImage(
  db: Database,
  galleryId: number,
  name: string,
  options: {
    caption?: string;
    keywords?: string[];
    credit?: string;
    width?: number;
    height?: number;
    createdAt?: Date;
  } = {},
) {
  const [image] = await db
    .insert(galleryImages)
    .values({
      galleryId,
      originalName: name,
      captions: options.caption ? { en: options.caption } : {},
      keywords: options.keywords ?? [],
      credit: options.credit ?? '',
      storagePath: `gallery/${name}`,
      size: 123_456,
      mime: 'image/jpeg',
      width: options.width ?? 1200,
      height: options.height ?? 800,
      checksum: name,
      createdAt: options.createdAt ?? nextTime(),
    })
    .returning();
  return image.id;
}

/** A picture of the release named `name`, its words in its title and credit. */
export async function insertReleasePicture(
  db: Database,
  releaseId: number,
  name: string,
  options: { title?: string; credit?: string; width?: number; height?: number; createdAt?: Date } = {},
) {
  const [file] = await db
    .insert(pressReleaseFiles)
    .values({
      pressReleaseId: releaseId,
      kind: 'image',
      title: options.title ?? '',
      credit: options.credit ?? null,
      originalName: name,
      contentType: 'image/jpeg',
      size: 98_765,
      sha256: name,
      storagePath: `press-releases/${name}`,
      width: options.width ?? 1000,
      height: options.height ?? 1000,
      createdAt: options.createdAt ?? nextTime(),
    })
    .returning();
  return file.id;
}

/** The results of a search that finds pictures only (a video among them fails the test). */
export function picturesOf(results: PictureResult[]): Picture[] {
  return results.map((result) => {
    expect(result.kind).not.toBe('video');
    return result as Picture;
  });
}

/**
 * A video of a gallery or a release as the search reads it: its row (no file: the search never reads it), a
 * minute newer than the picture or video before unless told, its titles in the languages given.
 */
export async function insertVideoRow(
  db: Database,
  owner: { galleryId: number } | { pressReleaseId: number },
  options: {
    titles: Record<string, string>;
    credit?: string;
    width?: number;
    height?: number;
    createdAt?: Date;
  },
) {
  const [video] = await db
    .insert(videos)
    .values({
      ...owner,
      fileKey: 'videos/search/clip.mp4',
      fileName: 'clip.mp4',
      fileSize: 1_000_000,
      checksum: 'search-clip',
      contentType: 'video/mp4',
      videoCodec: 'AVC',
      durationMs: 83_000,
      width: options.width ?? 1280,
      height: options.height ?? 720,
      titles: options.titles,
      credit: options.credit ?? '',
      createdAt: options.createdAt ?? nextTime(),
    })
    .returning();
  return video.id;
}
