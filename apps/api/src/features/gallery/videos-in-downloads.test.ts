import { apiPaths, type Basket, type GalleryDownload } from '@pressroom/contract';
import { pressReleases, readCounts } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  fair,
  multipart,
  type PressContentApp,
  readZip,
  startPressContentApp,
} from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { fixtureBytes, insertGallery, insertVideo } from '../videos/test-factories.ts';

// Videos go into the gallery's and the basket's ZIPs as their originals, credited in CREDITS.txt, counted in
// the download's size and as video downloads; a journalist puts a video in the basket exactly when its own
// address would let them watch it.

const association = { host: 'association.localhost' };
const videoSize = fixtureBytes('mp4').length;

function photo() {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a4a2a' } })
    .jpeg({ quality: 80 })
    .withExifMerge({ IFD0: { Copyright: 'Studio Faenza', Artist: 'Marta Bassi' } })
    .toBuffer();
}

describe("videos in the gallery's and the basket's ZIPs", () => {
  let content: PressContentApp;
  let reporter: Record<string, string>;
  let galleryId: number;
  let elsewhereGalleryId: number;
  let imageSize: number;
  const ids = {} as Record<'gallery' | 'release' | 'draft' | 'otherSite', number>;
  const app = () => content.harness.app;
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app().inject({ method, url, headers: { ...fair, ...headers }, ...(payload ? { payload } : {}) });
  const videoDownloads = async () => {
    await app().readCounter.flush();
    const rows = await content.harness.db.select().from(readCounts);
    return rows
      .filter((row) => row.kind === 'video_download')
      .map((row) => [row.itemId, row.count])
      .sort();
  };
  const zipAt = async (url: string, headers: Record<string, string> = {}) => {
    const zip = await call('GET', url, headers);
    expect(zip.statusCode).toBe(200);
    return readZip(zip.rawPayload);
  };
  const textOf = (entries: Awaited<ReturnType<typeof readZip>>, name: string) =>
    entries.find((entry) => entry.name === name)?.content.toString('utf8') ?? '';

  beforeAll(async () => {
    content = await startPressContentApp({ readCountFlushSeconds: 0 });
    const db = content.harness.db;
    const siteId = app().sites.forHostname(fair.host).id;
    const otherSiteId = app().sites.forHostname(association.host).id;
    reporter = authHeader(
      await tokenFor(app(), await createUser(app(), { firstName: 'Anna', lastName: 'Rossi' })),
    );
    const gallery = await insertGallery(db, { groups: [siteId] });
    galleryId = gallery.id;
    const form = multipart({ credit: '', usage_terms: 'Editorial use only' }, [
      { field: 'files', fileName: 'stand.jpg', contentType: 'image/jpeg', content: await photo() },
    ]);
    const uploaded = await app().inject({
      method: 'POST',
      url: apiPaths.galleryImages(gallery.id),
      headers: { ...fair, ...content.as.administrator_press_room, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    imageSize = uploaded.json().images[0].size;
    ids.gallery = (await insertVideo(app(), { galleryId: gallery.id })).id;
    const release = await insertRelease(db, {
      groups: [siteId],
      translations: [{ language: 'en', title: 'Opening day' }],
    });
    ids.release = (await insertVideo(app(), { pressReleaseId: release.id })).id;
    const draft = await insertRelease(db, {
      status: 'draft',
      groups: [siteId],
      translations: [{ language: 'en', title: 'Not yet' }],
    });
    ids.draft = (await insertVideo(app(), { pressReleaseId: draft.id })).id;
    const elsewhere = await insertGallery(db, { groups: [otherSiteId] });
    elsewhereGalleryId = elsewhere.id;
    ids.otherSite = (await insertVideo(app(), { galleryId: elsewhere.id })).id;
  }, 60_000);

  afterAll(() => content.stop());

  it('puts the gallery’s video in its ZIP beside its pictures, credited, counted in the size and as a video download', async () => {
    const prepared = await call('POST', apiPaths.galleryDownload, reporter, { gallery: galleryId });
    expect(prepared.statusCode).toBe(200);
    const download = prepared.json() as GalleryDownload;
    expect(download).toMatchObject({ file_count: 2, total_size: imageSize + videoSize });
    expect(download.credits).toEqual([
      {
        credit: 'Marta Bassi / Studio Faenza',
        usage_terms: 'Editorial use only',
        image_count: 1,
        video_count: 0,
        file_count: 1,
      },
      { credit: 'Tile Fair', usage_terms: '', image_count: 0, video_count: 1, file_count: 1 },
    ]);
    const entries = await zipAt(download.url);
    expect(entries.map((entry) => entry.name).sort()).toEqual(['CREDITS.txt', 'stand.jpg', 'tile-fair.mp4']);
    expect(entries.find((entry) => entry.name === 'tile-fair.mp4')?.content.equals(fixtureBytes('mp4'))).toBe(
      true,
    );
    expect(textOf(entries, 'CREDITS.txt').split('\r\n').slice(4)).toEqual([
      'Credit: Marta Bassi / Studio Faenza',
      'Terms of use: Editorial use only',
      'Files (1): stand.jpg',
      '',
      'Credit: Tile Fair',
      'Files (1): tile-fair.mp4',
      '',
    ]);
    expect(await videoDownloads()).toEqual([[ids.gallery, 1]]);
  });

  it('downloads a selection naming only a video; a video of a gallery the reader may not see is left out', async () => {
    const prepared = await call('POST', apiPaths.galleryDownload, reporter, { videos: [ids.gallery] });
    expect(prepared.json()).toMatchObject({ file_count: 1, total_size: videoSize });
    expect((await zipAt(prepared.json().url)).map((entry) => entry.name).sort()).toEqual([
      'CREDITS.txt',
      'tile-fair.mp4',
    ]);
    const unseen = await call('POST', apiPaths.galleryDownload, reporter, { videos: [ids.otherSite] });
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json()).toMatchObject({ non_field_errors: [expect.any(String)] });
  });

  it('lets a journalist put videos of a release and a gallery in the basket, with poster facts, duration and size', async () => {
    const added = await call('POST', apiPaths.basket, reporter, { videos: [ids.release, ids.gallery] });
    expect(added.statusCode).toBe(200);
    const basket = added.json() as Basket;
    expect(basket.videos.map((video) => [video.id, video.folder.kind, video.folder.name.en])).toEqual([
      [ids.release, 'release', 'Opening day'],
      [ids.gallery, 'gallery', 'Opening'],
    ]);
    expect(basket.videos[0]).toMatchObject({
      title: { en: 'The fair in six seconds' },
      file_name: 'tile-fair.mp4',
      credit: 'Tile Fair',
      duration_ms: 6000,
      size: videoSize,
      width: 1280,
      height: 720,
      content_type: 'video/mp4',
      poster: null,
    });
    expect(basket).toMatchObject({
      count: 2,
      total_size: 2 * videoSize,
      sizes: { original: 2 * videoSize, web: 2 * videoSize, print: 2 * videoSize },
    });
    // Added again: kept once.
    const again = await call('POST', apiPaths.basket, reporter, { videos: [ids.gallery] });
    expect((again.json() as Basket).count).toBe(2);
  });

  it('refuses with 404 a video the journalist may not see (a draft release’s, a gallery of another site) and adds nothing', async () => {
    const other = authHeader(await tokenFor(app(), await createUser(app())));
    for (const id of [ids.draft, ids.otherSite, 999_999]) {
      const refused = await call('POST', apiPaths.basket, other, { videos: [ids.gallery, id] });
      expect(refused.statusCode).toBe(404);
    }
    expect((await call('GET', apiPaths.basket, other)).json()).toMatchObject({ videos: [], count: 0 });
    // The basket is the signed-in press's.
    expect((await call('POST', apiPaths.basket, {}, { videos: [ids.gallery] })).statusCode).toBe(401);
  });

  it('downloads the basket with its videos as originals in folders named after their release and gallery, credited', async () => {
    const before = await videoDownloads();
    const prepared = await call('POST', apiPaths.basketDownload, reporter, { size: 'web' });
    const download = prepared.json() as GalleryDownload;
    expect(download).toMatchObject({ file_count: 2, total_size: 2 * videoSize });
    expect(download.credits).toEqual([
      { credit: 'Tile Fair', usage_terms: '', image_count: 0, video_count: 2, file_count: 2 },
    ]);
    // The signed link needs no sign-in (a browser's download).
    const entries = await zipAt(download.url);
    expect(entries.map((entry) => entry.name).sort()).toEqual([
      'CREDITS.txt',
      'Opening day/tile-fair.mp4',
      'Opening/tile-fair.mp4',
    ]);
    expect(textOf(entries, 'CREDITS.txt')).toContain('Files (2): tile-fair.mp4, tile-fair.mp4');
    const counts = new Map(before.map(([id, count]) => [id, count]));
    expect(await videoDownloads()).toEqual(
      [
        [ids.gallery, (counts.get(ids.gallery) ?? 0) + 1],
        [ids.release, 1],
      ].sort(),
    );
  });

  it('drops from the basket a video whose release is a draft again, and from its ZIP', async () => {
    const release = await insertRelease(content.harness.db, {
      groups: [app().sites.forHostname(fair.host).id],
      translations: [{ language: 'en', title: 'Withdrawn soon' }],
    });
    const video = await insertVideo(app(), { pressReleaseId: release.id });
    const reader = authHeader(await tokenFor(app(), await createUser(app())));
    await call('POST', apiPaths.basket, reader, { videos: [video.id, ids.gallery] });
    await content.harness.db
      .update(pressReleases)
      .set({ status: 'draft' })
      .where(eq(pressReleases.id, release.id));
    const basket = (await call('GET', apiPaths.basket, reader)).json() as Basket;
    expect(basket.videos.map((entry) => entry.id)).toEqual([ids.gallery]);
    const prepared = (await call('POST', apiPaths.basketDownload, reader, { size: 'original' })).json();
    expect((await zipAt(prepared.url)).map((entry) => entry.name).sort()).toEqual([
      'CREDITS.txt',
      'Opening/tile-fair.mp4',
    ]);
  });

  it('takes a video out of the basket, then empties it', async () => {
    const removed = await call('POST', apiPaths.basketRemove, reporter, { videos: [ids.release] });
    expect((removed.json() as Basket).videos.map((video) => video.id)).toEqual([ids.gallery]);
    const emptied = await call('DELETE', apiPaths.basket, reporter);
    expect(emptied.json()).toMatchObject({ videos: [], count: 0 });
  });

  it("adds all of a gallery, its pictures and its videos, and removes all of them, keeping the basket's other videos", async () => {
    const picker = authHeader(await tokenFor(app(), await createUser(app())));
    await call('POST', apiPaths.basket, picker, { videos: [ids.release] });

    const added = await call('POST', apiPaths.basketGallery(galleryId), picker);
    expect(added.statusCode).toBe(200);
    const basket = added.json() as Basket;
    expect(basket.items.map((item) => [item.kind, item.original_name])).toEqual([
      ['gallery_image', 'stand.jpg'],
    ]);
    expect(basket.videos.map((video) => [video.id, video.folder.kind])).toEqual([
      [ids.release, 'release'],
      [ids.gallery, 'gallery'],
    ]);
    expect(basket.count).toBe(3);
    // Again: each is kept once.
    expect(((await call('POST', apiPaths.basketGallery(galleryId), picker)).json() as Basket).count).toBe(3);

    const removed = (await call('DELETE', apiPaths.basketGallery(galleryId), picker)).json() as Basket;
    expect(removed).toMatchObject({ items: [], count: 1 });
    expect(removed.videos.map((video) => video.id)).toEqual([ids.release]);
  });

  it("adds no video of a gallery the journalist may not see: another site's gallery answers 404 and adds nothing", async () => {
    const picker = authHeader(await tokenFor(app(), await createUser(app())));
    const added = (await call('POST', apiPaths.basketGallery(galleryId), picker)).json() as Basket;
    expect(added.videos.map((video) => video.id)).toEqual([ids.gallery]);

    const refused = await call('POST', apiPaths.basketGallery(elsewhereGalleryId), picker);
    expect(refused.statusCode).toBe(404);
    const basket = (await call('GET', apiPaths.basket, picker)).json() as Basket;
    expect(basket.videos.map((video) => video.id)).toEqual([ids.gallery]);
    expect(basket.count).toBe(2);
    // On its own site the same journalist may see that gallery, and its video goes in with it.
    const there = await call('POST', apiPaths.basketGallery(elsewhereGalleryId), {
      ...picker,
      ...association,
    });
    expect((there.json() as Basket).videos.map((video) => video.id)).toEqual([ids.gallery, ids.otherSite]);
  });
});

describe('a download past the size limit because of its video', () => {
  let content: PressContentApp;
  afterAll(() => content.stop());

  it('refuses the gallery and the basket download when the video takes them past DOWNLOAD_MAX_BYTES', async () => {
    content = await startPressContentApp({ downloadMaxBytes: videoSize - 1 });
    const app = content.harness.app;
    const gallery = await insertGallery(content.harness.db, {
      groups: [app.sites.forHostname(fair.host).id],
    });
    const video = await insertVideo(app, { galleryId: gallery.id });
    const reader = { ...fair, ...content.as.user_press_room };
    const prepared = await app.inject({
      method: 'POST',
      url: apiPaths.galleryDownload,
      headers: reader,
      payload: { gallery: gallery.id },
    });
    expect(prepared.statusCode).toBe(400);
    expect(prepared.json()).toMatchObject({ detail: expect.any(String) });
    const added = await app.inject({
      method: 'POST',
      url: apiPaths.basket,
      headers: reader,
      payload: { videos: [video.id] },
    });
    expect(added.statusCode).toBe(200);
    const basket = await app.inject({
      method: 'POST',
      url: apiPaths.basketDownload,
      headers: reader,
      payload: { size: 'original' },
    });
    expect(basket.statusCode).toBe(400);
  }, 60_000);
});
