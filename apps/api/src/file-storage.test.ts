import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { apiPaths, type GalleryImage } from '@pressroom/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload, waitForImport } from './features/imports/test-helpers.ts';
import { insertRelease, insertReleaseFile } from './features/press-releases/test-factories.ts';
import type { FileStore } from './lib/storage/index.ts';
import type { Config } from './plugins/config.ts';
import { authHeader, createUser, tokenFor } from './test-support/factories.ts';
import {
  fair,
  multipart,
  type PressContentApp,
  readZip,
  samplePdf,
  startPressContentApp,
} from './test-support/press-content.ts';
import { startS3Server, type TestS3Server } from './test-support/s3.ts';
import { storedKeys } from './test-support/storage.ts';

const accessFixture = path.join(import.meta.dirname, 'features/imports/fixtures/access97-types.mdb');

// The files a reader downloads, served from each store the product can run on (decision 14): the local directory
// under DATA_DIR, and an S3 bucket (s3rver on loopback, configured through STORAGE_URL and S3_* as a server is).

const drivers: { name: string; start(): Promise<{ config: Partial<Config>; stop(): Promise<void> }> }[] = [
  { name: 'the local directory', start: async () => ({ config: {}, stop: async () => {} }) },
  {
    name: 'S3 (STORAGE_URL=s3://..., s3rver on loopback)',
    async start() {
      const server: TestS3Server = await startS3Server();
      return { config: { storage: server.storage('files') }, stop: () => server.stop() };
    },
  },
];

/** A photograph as a picture desk sends it: large, with its credit in EXIF. */
function photo(width: number, height: number, colour = '#7a4a2a') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withExifMerge({ IFD0: { Copyright: 'Studio Faenza', Artist: 'Marta Bassi' } })
    .toBuffer();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const storedBytes = async (storage: FileStore, key: string) => buffer(await storage.read(key));

describe.each(drivers)('files served from $name', (driver) => {
  let content: PressContentApp;
  let stopStore: () => Promise<void>;
  let office: Record<string, string>;
  let reporter: Record<string, string>;
  let large: Buffer;
  let small: Buffer;
  let images: GalleryImage[];
  let galleryId: number;
  const app = () => content.harness.app;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });

  beforeAll(async () => {
    const store = await driver.start();
    stopStore = store.stop;
    content = await startPressContentApp({ ...store.config, downloadMaxBytes: 100 * 1024 * 1024 });
    office = content.as.administrator_press_room;
    reporter = authHeader(await tokenFor(app(), await createUser(app())));
    large = await photo(3600, 2400);
    small = await photo(900, 600, '#2a4a7a');
    const category = await app().inject({
      method: 'POST',
      url: apiPaths.galleryCategories,
      headers: { ...fair, ...office },
      payload: { name: { en: 'Halls' }, parent: null },
    });
    const gallery = await app().inject({
      method: 'POST',
      url: apiPaths.galleries,
      headers: { ...fair, ...office },
      payload: { name: { en: 'Stands' }, category: category.json().id },
    });
    galleryId = gallery.json().id;
    const form = multipart({ credit: 'Studio Faenza', usage_terms: 'Editorial use only' }, [
      { field: 'files', fileName: 'stand-a.jpg', contentType: 'image/jpeg', content: large },
      { field: 'files', fileName: 'stand-b.jpg', contentType: 'image/jpeg', content: small },
    ]);
    const uploaded = await app().inject({
      method: 'POST',
      url: apiPaths.galleryImages(galleryId),
      headers: { ...fair, ...office, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    images = uploaded.json().images;
  }, 60_000);

  afterAll(async () => {
    await content?.stop();
    await stopStore?.();
  });

  it('keeps an uploaded picture in the store with its thumbnail, preview and web and print renditions', async () => {
    const checksum = sha256(large);
    const shard = checksum.slice(0, 2);
    expect(
      (await storedBytes(app().storage, `gallery/originals/${shard}/${checksum}.jpg`)).equals(large),
    ).toBe(true);
    const made = await Promise.all(
      [
        `gallery/thumbnails/${shard}/${checksum}.webp`,
        `gallery/previews/${shard}/${checksum}.webp`,
        `gallery/renditions/web/${shard}/${checksum}.jpg`,
        `gallery/renditions/print/${shard}/${checksum}.jpg`,
      ].map(async (key) => (await sharp(await storedBytes(app().storage, key)).metadata()).width),
    );
    expect(made).toEqual([400, 1600, 1600, 3000]);
    expect(images[0].renditions?.print).toMatchObject({ width: 3000, height: 2000 });
  });

  it('serves the original whole with its strong ETag; 304 when the reader has it; HEAD without the bytes', async () => {
    const original = await get(images[0].urls.original);
    expect([original.statusCode, original.headers.etag, original.headers['content-length']]).toEqual([
      200,
      `"${sha256(large)}"`,
      String(large.length),
    ]);
    expect(original.rawPayload.equals(large)).toBe(true);
    const again = await get(images[0].urls.original, { 'if-none-match': `"${sha256(large)}"` });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    const head = await app().inject({ method: 'HEAD', url: images[0].urls.original, headers: fair });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(large.length),
      0,
    ]);
  });

  it('serves byte ranges of the original read from the store (206), and 416 past its end', async () => {
    const ranges: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=100-4195', 100, 4195],
      [`bytes=-10`, large.length - 10, large.length - 1],
      [`bytes=${large.length - 5}-`, large.length - 5, large.length - 1],
    ];
    for (const [range, start, end] of ranges) {
      const response = await get(images[0].urls.original, { range });
      expect([response.statusCode, response.headers['content-range']]).toEqual([
        206,
        `bytes ${start}-${end}/${large.length}`,
      ]);
      expect(response.rawPayload.equals(large.subarray(start, end + 1))).toBe(true);
    }
    const outside = await get(images[0].urls.original, { range: `bytes=${large.length}-` });
    expect([outside.statusCode, outside.headers['content-range']]).toEqual([416, `bytes */${large.length}`]);
  });

  it('serves the thumbnail, and the web and print renditions made at upload', async () => {
    const thumbnail = await get(images[0].urls.thumbnail);
    expect([thumbnail.statusCode, thumbnail.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(400);
    const web = await get(images[0].urls.web);
    expect(web.rawPayload.length).toBe(images[0].renditions?.web.size);
    expect((await sharp(web.rawPayload).metadata()).width).toBe(1600);
    const print = await get(images[0].urls.print, { range: 'bytes=0-1' });
    expect([print.statusCode, print.rawPayload.equals(Buffer.from([0xff, 0xd8]))]).toEqual([206, true]);
    // A picture no larger than the print size is its own print size: the original's bytes.
    expect((await get(images[1].urls.print)).rawPayload.equals(small)).toBe(true);
  });

  it('streams the gallery as one ZIP holding every original byte for byte and CREDITS.txt', async () => {
    const prepared = await app().inject({
      method: 'POST',
      url: apiPaths.galleryDownload,
      headers: { ...fair, ...reporter },
      payload: { gallery: galleryId },
    });
    const zip = await get(prepared.json().url);
    expect([zip.statusCode, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    const entries = await readZip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['CREDITS.txt', 'stand-a.jpg', 'stand-b.jpg']);
    expect(entries[1].content.equals(large)).toBe(true);
    expect(entries[2].content.equals(small)).toBe(true);
    expect(entries[0].content.toString('utf8')).toContain('Studio Faenza');
  });

  it("streams the basket in web size, a release picture's renditions made from the store on the way", async () => {
    const siteId = app().sites.forHostname(fair.host).id;
    const release = await insertRelease(content.harness.db, {
      groups: [siteId],
      translations: [{ language: 'en', title: 'Glazes of Faenza' }],
    });
    const kiln = await photo(2000, 1500, '#5a3a1a');
    const picture = await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: release.id,
      kind: 'image',
      name: 'kiln.jpg',
      contentType: 'image/jpeg',
      bytes: kiln,
    });
    const added = await app().inject({
      method: 'POST',
      url: apiPaths.basket,
      headers: { ...fair, ...reporter },
      payload: { images: images.map((image) => image.id), release_images: [picture.id] },
    });
    expect(added.json().count).toBe(3);
    const prepared = await app().inject({
      method: 'POST',
      url: apiPaths.basketDownload,
      headers: { ...fair, ...reporter },
      payload: { size: 'web' },
    });
    const entries = await readZip((await get(prepared.json().url)).rawPayload);
    expect(entries.map((entry) => entry.name).sort()).toEqual([
      'CREDITS.txt',
      'Glazes of Faenza/kiln-web.jpg',
      'Stands/stand-a-web.jpg',
      'Stands/stand-b-web.jpg',
    ]);
    const widths = await Promise.all(
      entries
        .filter((entry) => entry.name.endsWith('.jpg'))
        .map(async (entry) => [entry.name, (await sharp(entry.content).metadata()).width]),
    );
    expect(Object.fromEntries(widths)).toEqual({
      'Glazes of Faenza/kiln-web.jpg': 1600,
      'Stands/stand-a-web.jpg': 1600,
      'Stands/stand-b-web.jpg': 900,
    });
    const checksum = sha256(kiln);
    expect(
      await app().storage.stat(`gallery/renditions/web/${checksum.slice(0, 2)}/${checksum}.jpg`),
    ).not.toBeNull();
  });

  it("serves a release's attachment from the store with its ETag and byte ranges", async () => {
    const siteId = app().sites.forHostname(fair.host).id;
    const release = await insertRelease(content.harness.db, {
      groups: [siteId],
      translations: [{ language: 'en', title: 'Fair dates' }],
    });
    const pdf = samplePdf('Fair dates, the full text');
    const attachment = await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: release.id,
      kind: 'attachment',
      name: 'fair-dates.pdf',
      contentType: 'application/pdf',
      bytes: pdf,
    });
    const url = `/api/press_room/press_release_file/${attachment.id}/`;
    const whole = await get(url);
    expect([whole.statusCode, whole.headers['content-type'], whole.headers.etag]).toEqual([
      200,
      'application/pdf',
      `"${sha256(pdf)}"`,
    ]);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const range = await get(url, { range: 'bytes=0-4' });
    expect([range.statusCode, range.rawPayload.toString('latin1')]).toEqual([206, '%PDF-']);
    expect((await get(url, { 'if-none-match': `"${sha256(pdf)}"` })).statusCode).toBe(304);
  });

  it('answers 404 for a picture whose file is gone from the store, and deletes a picture with its files', async () => {
    const lost = await photo(640, 480, '#101010');
    const form = multipart({}, [
      { field: 'files', fileName: 'lost.jpg', contentType: 'image/jpeg', content: lost },
    ]);
    const [image] = (
      await app().inject({
        method: 'POST',
        url: apiPaths.galleryImages(galleryId),
        headers: { ...fair, ...office, ...form.headers },
        payload: form.payload,
      })
    ).json().images as GalleryImage[];
    const checksum = sha256(lost);
    const shard = checksum.slice(0, 2);
    await app().storage.delete(`gallery/originals/${shard}/${checksum}.jpg`);
    expect((await get(image.urls.original)).statusCode).toBe(404);
    expect((await get(image.urls.thumbnail)).statusCode).toBe(200);
    const deleted = await app().inject({
      method: 'DELETE',
      url: apiPaths.galleryImage(image.id),
      headers: { ...fair, ...office },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await app().storage.stat(`gallery/thumbnails/${shard}/${checksum}.webp`)).toBeNull();
    expect(await app().storage.stat(`gallery/renditions/web/${shard}/${checksum}.jpg`)).toBeNull();
  });
});

type Multipart = ReturnType<typeof multipart>;

// The other files of the press area, from each store: uploaded through their own routes, served and zipped back.
describe.each(drivers)("the press area's other files through $name", (driver) => {
  let content: PressContentApp;
  let stopStore: () => Promise<void>;
  let office: Record<string, string>;
  const app = () => content.harness.app;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });
  const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, form: Multipart) =>
    app().inject({ method, url, headers: { ...fair, ...headers, ...form.headers }, payload: form.payload });

  beforeAll(async () => {
    const store = await driver.start();
    stopStore = store.stop;
    content = await startPressContentApp({ ...store.config, mailPollInterval: 0 });
    office = content.as.administrator_press_room;
  }, 60_000);

  afterAll(async () => {
    await content?.stop();
    await stopStore?.();
  });

  it("uploads a release's attachment and picture into the store and serves them with ETag, 304 and ranges", async () => {
    const release = await insertRelease(content.harness.db, {
      groups: [app().sites.forHostname(fair.host).id],
      translations: [{ language: 'en', title: 'Fair programme' }],
    });
    const files = `/api/press_room/admin/press_release/${release.id}/files/`;
    const pdf = samplePdf('The programme');
    const attached = await send(
      'POST',
      files,
      office,
      multipart({ kind: 'attachment', title: 'Programme' }, [
        { field: 'file', fileName: 'programme.pdf', contentType: 'application/pdf', content: pdf },
      ]),
    );
    expect(attached.statusCode).toBe(201);
    const checksum = sha256(pdf);
    expect(
      (await storedBytes(app().storage, `press-releases/${checksum.slice(0, 2)}/${checksum}.pdf`)).equals(
        pdf,
      ),
    ).toBe(true);
    const url = attached.json()[0].url;
    const whole = await get(url);
    expect([whole.statusCode, whole.headers.etag, whole.rawPayload.equals(pdf)]).toEqual([
      200,
      `"${checksum}"`,
      true,
    ]);
    const range = await get(url, { range: 'bytes=0-4' });
    expect([range.statusCode, range.headers['content-range'], range.rawPayload.toString('latin1')]).toEqual([
      206,
      `bytes 0-4/${pdf.length}`,
      '%PDF-',
    ]);
    expect((await get(url, { 'if-none-match': `"${checksum}"` })).statusCode).toBe(304);

    const picture = await photo(1000, 700, '#3a6a4a');
    const imaged = await send(
      'POST',
      files,
      office,
      multipart({ kind: 'image' }, [
        { field: 'file', fileName: 'hall.jpg', contentType: 'image/jpeg', content: picture },
      ]),
    );
    expect(imaged.statusCode).toBe(201);
    const thumbnail = await get(imaged.json()[0].thumbnail_url);
    expect([thumbnail.statusCode, (await sharp(thumbnail.rawPayload).metadata()).width]).toEqual([200, 480]);
    expect(await app().storage.stat(`press-releases/thumbnails/${sha256(picture)}.webp`)).toEqual({
      size: thumbnail.rawPayload.length,
    });
  });

  it('serves an accreditation proof from the store to the journalist who sent it and the office, to no one else', async () => {
    const edition = await app().inject({
      method: 'POST',
      url: apiPaths.editions,
      headers: { ...fair, ...office },
      payload: {
        site: app().sites.forHostname(fair.host).id,
        name: 'Tile Fair 2026',
        starts_on: '2026-09-22',
        ends_on: '2026-09-26',
      },
    });
    const journalist = authHeader(await tokenFor(app(), await createUser(app())));
    const card = samplePdf('press card');
    const asked = await send(
      'POST',
      apiPaths.myAccreditation,
      journalist,
      multipart(
        {
          edition: String(edition.json().id),
          media_type: 'newspapers',
          outlet: 'Il Giornale della Ceramica',
          role: 'Editor',
          proof_kind: 'press_card',
        },
        [{ field: 'proof', fileName: 'card.pdf', contentType: 'application/pdf', content: card }],
      ),
    );
    expect(asked.statusCode).toBe(201);
    const url = asked.json().proofs[0].url;
    const own = await get(url, journalist);
    expect([own.statusCode, own.headers['cache-control'], own.rawPayload.equals(card)]).toEqual([
      200,
      'no-store',
      true,
    ]);
    expect((await get(url, office)).rawPayload.equals(card)).toBe(true);
    const another = authHeader(await tokenFor(app(), await createUser(app())));
    expect((await get(url, another)).statusCode).toBe(404);
  });

  it("keeps a magazine's cover re-encoded in the store and its PDF, and serves both", async () => {
    const pdf = samplePdf('Ceramica Oggi');
    const created = await send(
      'POST',
      apiPaths.magazines,
      office,
      multipart({ kind: 'italian', title: 'Ceramica Oggi', month: '9', year: '2025' }, [
        {
          field: 'cover',
          fileName: 'cover.jpg',
          contentType: 'image/jpeg',
          content: await photo(1200, 1600),
        },
        { field: 'pdf', fileName: 'ceramica-oggi.pdf', contentType: 'application/pdf', content: pdf },
      ]),
    );
    expect(created.statusCode).toBe(201);
    const cover = await get(created.json().cover_url);
    expect([cover.statusCode, cover.headers['content-type']]).toEqual([200, 'image/webp']);
    const metadata = await sharp(cover.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 600, 800]);
    const range = await get(created.json().pdf_url, { range: 'bytes=0-4' });
    expect([range.statusCode, range.rawPayload.toString('latin1')]).toEqual([206, '%PDF-']);
  });

  it('streams the press kit as one ZIP of the documents read from the store, in order', async () => {
    const documents = [samplePdf('fact sheet'), samplePdf('floor plan')];
    for (const [index, document] of documents.entries()) {
      const added = await send(
        'POST',
        apiPaths.pressKit,
        office,
        multipart({ title: `Document ${index + 1}`, language: 'en', position: String(index + 1) }, [
          {
            field: 'file',
            fileName: `document-${index + 1}.pdf`,
            contentType: 'application/pdf',
            content: document,
          },
        ]),
      );
      expect(added.statusCode).toBe(201);
    }
    const kit = (await get(apiPaths.pressKit, office)).json();
    const zip = await get(kit.zip_url);
    expect([zip.statusCode, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    const entries = await readZip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['01 document-1.pdf', '02 document-2.pdf']);
    expect(entries.map((entry) => entry.content)).toEqual(documents);
  });

  it("keeps an import's upload in the store until imported, CSV streamed from it and Access read from a lent copy", async () => {
    const admin = content.as.administrator_associated_companies;
    const csvUpload = await upload(
      app(),
      admin,
      'members.csv',
      'Ragione sociale;Città\r\nCeramiche Rossi;Sassuolo\r\n',
    );
    expect(csvUpload.statusCode).toBe(201);
    const id = csvUpload.json().id;
    expect(await storedKeys(app().storage, 'imports/')).toEqual([
      expect.stringMatching(/^imports\/[0-9a-f-]{36}\.csv$/),
    ]);
    const columns = await app().inject({ method: 'GET', url: apiPaths.importColumns(id), headers: admin });
    expect(columns.json().columns.map((column: { samples: string[] }) => column.samples)).toEqual([
      ['Ceramiche Rossi'],
      ['Sassuolo'],
    ]);
    const mapping = columns.json().suggested_mapping;
    for (const url of [apiPaths.importDryRun(id), apiPaths.importRun(id)]) {
      const started = await app().inject({ method: 'POST', url, headers: admin, payload: { mapping } });
      expect(started.statusCode).toBe(202);
      await waitForImport(app(), admin, id);
    }
    const imported = await app().inject({ method: 'GET', url: apiPaths.import(id), headers: admin });
    expect([imported.json().status, imported.json().report.created]).toEqual(['done', 1]);
    expect(await storedKeys(app().storage, 'imports/')).toEqual([]);

    const access = await upload(app(), admin, 'members.mdb', await readFile(accessFixture));
    expect(access.json().tables).toEqual(['Table1', 'Table2', 'Table3', 'Table4']);
    const table = await app().inject({
      method: 'GET',
      url: `${apiPaths.importColumns(access.json().id)}?table=Table1`,
      headers: admin,
    });
    expect([table.json().rows, table.json().columns[1].samples]).toEqual([2, ['b', 'hijklmnop']]);
  });
});
