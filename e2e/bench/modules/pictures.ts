import { apiPaths } from '@pressroom/contract';
import {
  companies,
  galleries,
  galleryCategories,
  galleryImages,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleases,
  videos,
} from '@pressroom/db';
import { sql } from 'drizzle-orm';
import { authHeader, createUser, tokenFor } from '../../../apps/api/src/test-support/factories.ts';
import type { BenchContext, BenchModule } from '../harness.ts';

/**
 * Bench module (not a test): the press area's picture search over 20,000 pictures (BENCH_PICTURES): three in
 * four in 150 galleries (one in ten of them drafts, a third on the other site), one in four in 1,200 releases
 * (some scheduled for later, some under embargo), captions, keywords and credits drawn from word pools with
 * accented words, a company for one gallery in three and every release; and 400 videos (one per 50 pictures),
 * half in those galleries, half in those releases, titled as the pictures are. The database writes each
 * picture's and video's search text (triggers of migrations 0033 and video_search_text) as the rows go in.
 *
 * Measured, as a journalist of the default site: a common word typed without its accent ("ceramica", about
 * one picture in seven, first page of 24 and the count), a rare one ("iridescenti", one in 500), and a word
 * nobody asked before (a new one for every request, found nowhere: nothing kept can answer it). The first two
 * are counted and paged once per content version (decision 25): what each request still costs is the version,
 * the reader's basket marks and the page's signed links.
 */

const pictureCount = Number(process.env.BENCH_PICTURES ?? 20_000);
/** Videos found beside the pictures: one for every 50 pictures, half in galleries, half in releases. */
const videoCount = Math.round(pictureCount / 50);

const subjects = [
  'Cerámica smaltata',
  'Lastre in gres porcellanato',
  'Piastrelle effetto legno',
  'Stand nel padiglione',
  'Mosaico in vetro',
  'Bagno effetto marmo',
  'Cucina con top in gres',
  'Facciata ventilata',
];
const keywordPool = [
  'Design',
  'Architettura',
  'Interni',
  'Esterni',
  'Sostenibilità',
  'Grande formato',
  'Bagno',
];
const credits = ['Studio Faenza', 'Foto Élise Martin', 'Archivio Fiera', 'Paolo Rossi Fotografo'];

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

async function seedPictures(ctx: BenchContext, siteId: number, otherSiteId: number) {
  const db = ctx.database.db;
  const companyRows = await db
    .insert(companies)
    .values(
      Array.from({ length: 40 }, (_, index) => ({
        businessName: `Ceramiche Bench ${index + 1}`,
        matchKey: `ceramiche bench ${index + 1}`,
      })),
    )
    .returning({ id: companies.id });
  const galleryIds: number[] = [];
  for (let index = 0; index < 150; index += 1) {
    const [category] = await db
      .insert(galleryCategories)
      .values({ names: { en: `Hall ${index + 1}` }, groupIds: [index % 3 === 2 ? otherSiteId : siteId] })
      .returning();
    const [gallery] = await db
      .insert(galleries)
      .values({
        categoryId: category.id,
        names: { en: `Gallery ${index + 1}` },
        status: index % 10 === 9 ? 'draft' : 'published',
        companyId: index % 3 === 0 ? companyRows[index % companyRows.length].id : null,
      })
      .returning();
    galleryIds.push(gallery.id);
  }
  const now = ctx.app.clock.now().getTime();
  // The renditions an upload makes, recorded on each row: the pictures have no files, and a row without them
  // would be picked up by the renditions' backfill, whose write per picture (the original missing, the row's
  // facts recorded instead) raises the content version through every measurement that follows.
  const renditions = (width: number, height: number, size: number) => {
    const scale = Math.min(1, 1280 / Math.max(width, height));
    return {
      original: { width, height, size, mime: 'image/jpeg' },
      web: {
        width: Math.round(width * scale),
        height: Math.round(height * scale),
        size: Math.round(size / 8),
        mime: 'image/jpeg',
      },
      print: { width, height, size: Math.round(size / 2), mime: 'image/jpeg' },
    };
  };
  const galleryPictures = Math.round(pictureCount * 0.75);
  const caption = (index: number) =>
    `${subjects[index % subjects.length]}${index % 500 === 7 ? ' con riflessi iridescenti' : ''} ${index}`;
  const images = Array.from({ length: galleryPictures }, (_, index) => ({
    galleryId: galleryIds[index % galleryIds.length],
    position: index,
    captions: { it: caption(index), en: `Picture ${index}` },
    keywords: [keywordPool[index % keywordPool.length], keywordPool[(index * 3) % keywordPool.length]],
    credit: credits[index % credits.length],
    originalName: `picture-${index}.jpg`,
    storagePath: `gallery/originals/bench-${index}.jpg`,
    size: 800_000 + index,
    mime: 'image/jpeg',
    width: index % 4 === 0 ? 1200 : 2400,
    height: 1600,
    renditions: renditions(index % 4 === 0 ? 1200 : 2400, 1600, 800_000 + index),
    checksum: `bench-${index}`,
    createdAt: new Date(now - index * 60_000),
  }));
  await inBatches(images, (batch) => db.insert(galleryImages).values(batch));

  const releaseIds: number[] = [];
  await inBatches(
    Array.from({ length: 1200 }, (_, index) => index),
    async (batch) => {
      const rows = await db
        .insert(pressReleases)
        .values(
          batch.map((index) => ({
            publicationDate: '2026-05-01',
            status: 'published',
            companyId: companyRows[index % companyRows.length].id,
            publishAt: index % 20 === 19 ? new Date(now + 86_400_000) : null,
            embargoUntil: index % 20 === 18 ? new Date(now + 86_400_000) : null,
          })),
        )
        .returning({ id: pressReleases.id });
      releaseIds.push(...rows.map((row) => row.id));
    },
  );
  await inBatches(releaseIds, (batch) =>
    db
      .insert(pressReleaseGroups)
      .values(batch.map((pressReleaseId) => ({ pressReleaseId, pressGroupId: siteId }))),
  );
  const files = Array.from({ length: pictureCount - galleryPictures }, (_, index) => ({
    pressReleaseId: releaseIds[index % releaseIds.length],
    kind: 'image',
    title: caption(index + galleryPictures),
    credit: credits[index % credits.length],
    originalName: `release-picture-${index}.jpg`,
    contentType: 'image/jpeg',
    size: 600_000 + index,
    sha256: `bench-release-${index}`,
    storagePath: `press-releases/bench-${index}.jpg`,
    width: 2000,
    height: 2000,
    renditions: renditions(2000, 2000, 600_000 + index),
    position: index,
    createdAt: new Date(now - index * 90_000),
  }));
  await inBatches(files, (batch) => db.insert(pressReleaseFiles).values(batch));
  const clips = Array.from({ length: videoCount }, (_, index) => ({
    ...(index % 2 === 0
      ? { galleryId: galleryIds[index % galleryIds.length] }
      : { pressReleaseId: releaseIds[index % releaseIds.length] }),
    fileKey: `videos/bench-${index}.mp4`,
    fileName: `clip-${index}.mp4`,
    fileSize: 20_000_000 + index,
    checksum: `bench-video-${index}`,
    contentType: 'video/mp4',
    videoCodec: 'AVC',
    durationMs: 30_000 + index * 1000,
    width: 1920,
    height: 1080,
    titles: { it: caption(index), en: `Clip ${index}` },
    credit: credits[index % credits.length],
    createdAt: new Date(now - index * 3_000_000),
  }));
  await inBatches(clips, (batch) => db.insert(videos).values(batch));
  // As autovacuum would soon after such a load: planner statistics and the visibility map.
  await db.execute(
    sql`vacuum analyze gallery_images, galleries, gallery_categories, press_release_files, press_releases, press_release_groups, videos`,
  );
}

export const picturesBench: BenchModule = {
  name: 'pictures',
  async setup(ctx) {
    const site = ctx.app.sites.defaultSite;
    const other = [...ctx.app.sites.byName.values()].find((candidate) => candidate.id !== site?.id);
    if (!site || !other) throw new Error('two sites are needed');
    const started = performance.now();
    await seedPictures(ctx, site.id, other.id);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const journalist = await createUser(ctx.app, { roles: ['user_press_room'] });
    const headers = authHeader(await tokenFor(ctx.app, journalist));
    const pictures = pictureCount.toLocaleString('en');
    return {
      load: [
        {
          name: `picture search (${pictures}), "ceramica"`,
          path: `${apiPaths.pictureSearch}?search=ceramica`,
          headers,
          note: `${pictures} pictures (3/4 in 150 galleries, 1/4 in 1,200 releases) and ${videoCount.toLocaleString('en')} videos seeded with their search text in ${seconds} s; typed without the accent of "Cerámica" (about 1 in 8), first page of 24 with the count, kept after the first request`,
        },
        {
          name: 'picture search, "iridescenti"',
          path: `${apiPaths.pictureSearch}?search=iridescenti`,
          headers,
          note: 'a rare word (1 picture in 500), found by the trigram indexes, then kept',
        },
        {
          name: 'picture search, a word nobody asked before',
          path: `${apiPaths.pictureSearch}?search=glaze[<id>]`,
          headers,
          uniquePerRequest: true,
          note: 'a new word every request, found nowhere: no answer is kept for it anywhere',
        },
      ],
    };
  },
};
