import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  galleries,
  galleryCategories,
  galleryImages,
  pressReleaseFiles,
  pressReleaseTranslations,
} from '@pressroom/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { demoCalendar } from '../../demo/demo-calendar.ts';
import { closingReleaseTitle } from '../../demo/seed-demo.ts';
import { writeRenditions } from '../../lib/image-renditions.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { storeByChecksum } from '../../lib/uploads.ts';
import { readVideoFacts } from './parse-video.ts';
import type { VideoOwner } from './repository.ts';
import * as repository from './repository.ts';

// The demo's video: the synthetic, rights-free clip of the fair (an MP4, H.264 and AAC) under the release that
// closes the last edition and in each site's gallery of design installations, with captions in English and
// Italian and a picture of its release or gallery as its poster, so a newcomer sees the player, its captions
// and the embed code in the newsroom, and the gallery's viewer paging from pictures to a video.

const demoGallery = 'Design installations';
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

async function storedCopy(app: FastifyInstance, source: URL, area: string, extension: string, mime: string) {
  const bytes = await readFile(source);
  const checksum = createHash('sha256').update(bytes).digest('hex');
  const directory = temporaryDirectory(app.config.dataDir, 'videos', 'demo');
  await mkdir(directory, { recursive: true });
  const tempPath = path.join(directory, `${checksum}${extension}`);
  await copyFile(source, tempPath);
  const key = await storeByChecksum(app.storage, area, { tempPath, checksum }, extension, mime);
  return { key, checksum, size: bytes.length };
}

/** The clip's title, in every language of the sites. */
const demoTitles = {
  en: 'Fifteen halls in six seconds',
  it: 'Quindici padiglioni in sei secondi',
  fr: 'Quinze halls en six secondes',
  de: 'Fünfzehn Hallen in sechs Sekunden',
  es: 'Quince pabellones en seis segundos',
  he: 'חמישה-עשר אולמות בשש שניות',
  ar: 'خمس عشرة قاعة في ست ثوانٍ',
};

/**
 * Adds the demo video once (whichever site seeds first) under its release; answers how many videos it added.
 */
export async function seedDemoVideos(app: FastifyInstance): Promise<{ videos: number }> {
  const demoRelease = closingReleaseTitle(demoCalendar(app.clock.now()).past.year);
  const [release] = await app.db
    .select({ id: pressReleaseTranslations.pressReleaseId })
    .from(pressReleaseTranslations)
    .where(and(eq(pressReleaseTranslations.language, 'en'), eq(pressReleaseTranslations.title, demoRelease)))
    .limit(1);
  if (!release) return { videos: 0 };
  const owner = { pressReleaseId: release.id };
  if ((await repository.videosOf(app.db, owner)).length > 0) return { videos: 0 };
  // The poster: the release's own picture, cut to the video's frame.
  const [picture] = await app.db
    .select({ key: pressReleaseFiles.storagePath })
    .from(pressReleaseFiles)
    .where(and(eq(pressReleaseFiles.pressReleaseId, release.id), eq(pressReleaseFiles.kind, 'image')))
    .orderBy(asc(pressReleaseFiles.id))
    .limit(1);
  await addDemoVideo(app, owner, picture?.key ?? null);
  return { videos: 1 };
}

/**
 * Adds the same clip to the site's gallery of design installations, after its pictures, so the
 * gallery's viewer pages on from the pictures to a video; answers how many videos it added.
 */
export async function seedDemoGalleryVideo(
  app: FastifyInstance,
  site: { id: number },
): Promise<{ videos: number }> {
  const [gallery] = await app.db
    .select({ id: galleries.id })
    .from(galleries)
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(
      and(
        sql`${site.id} = any(${galleryCategories.groupIds})`,
        sql`${galleries.names}->>'en' = ${demoGallery}`,
      ),
    )
    .orderBy(asc(galleries.id))
    .limit(1);
  if (!gallery) return { videos: 0 };
  const owner = { galleryId: gallery.id };
  if ((await repository.videosOf(app.db, owner)).length > 0) return { videos: 0 };
  const [picture] = await app.db
    .select({ key: galleryImages.storagePath })
    .from(galleryImages)
    .where(eq(galleryImages.galleryId, gallery.id))
    .orderBy(asc(galleryImages.position), asc(galleryImages.id))
    .limit(1);
  await addDemoVideo(app, owner, picture?.key ?? null);
  return { videos: 1 };
}

/** The clip with its captions, and a poster cut from the given picture (none without one). */
async function addDemoVideo(app: FastifyInstance, owner: VideoOwner, posterSource: string | null) {
  const source = fixture('tile-fair-demo-720p.mp4');
  const facts = await readVideoFacts(fileURLToPath(source));
  const original = await storedCopy(app, source, 'videos', facts.extension, facts.contentType);
  const video = await repository.insertVideo(app.db, {
    owner,
    fileKey: original.key,
    fileName: 'tile-fair-2024-closing.mp4',
    fileSize: original.size,
    checksum: original.checksum,
    contentType: facts.contentType,
    videoCodec: facts.videoCodec,
    audioCodec: facts.audioCodec,
    durationMs: facts.durationMs,
    width: facts.width,
    height: facts.height,
    titles: demoTitles,
    credit: 'Tile Fair press office',
    createdAt: app.clock.now(),
  });
  for (const language of ['en', 'it']) {
    const captions = await storedCopy(
      app,
      fixture(`tile-fair-demo.${language}.vtt`),
      'video-captions',
      '.vtt',
      'text/vtt',
    );
    await repository.putCaption(app.db, {
      videoId: video.id,
      language,
      fileKey: captions.key,
      size: captions.size,
    });
  }

  if (posterSource !== null) {
    const directory = temporaryDirectory(app.config.dataDir, 'videos', 'demo');
    const posterPath = path.join(directory, 'poster.jpg');
    await app.storage.withLocalFile(posterSource, (localPath) =>
      sharp(localPath)
        .resize(facts.width, facts.height, { fit: 'cover' })
        .jpeg({ quality: 82 })
        .toFile(posterPath),
    );
    const bytes = await readFile(posterPath);
    const checksum = createHash('sha256').update(bytes).digest('hex');
    const renditions = await writeRenditions(
      app.storage,
      {
        localPath: posterPath,
        width: facts.width,
        height: facts.height,
        size: bytes.length,
        mime: 'image/jpeg',
        checksum,
      },
      app.config.imageMaxPixels,
      path.join(directory, 'renditions'),
    );
    const posterKey = await storeByChecksum(
      app.storage,
      'video-posters',
      { tempPath: posterPath, checksum },
      '.jpg',
      'image/jpeg',
    );
    await repository.updateVideo(app.db, video.id, {
      posterKey,
      posterChecksum: checksum,
      posterRenditions: renditions,
    });
  }
  await rm(temporaryDirectory(app.config.dataDir, 'videos', 'demo'), { recursive: true, force: true });
}
