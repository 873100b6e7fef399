import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { apiPaths, type PressReleaseFile } from '@pressroom/contract';
import { readCounts } from '@pressroom/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionPath } from '../../lib/image-renditions.ts';
import {
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  startPressContentApp,
} from '../../test-support/press-content.ts';
import { fillMissingReleaseRenditions } from './files-service.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

describe("a release picture's web and print sizes", () => {
  let content: PressContentApp;
  const app = () => content.harness.app;
  const office = () => ({ ...fair, ...content.as.administrator_press_room });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });

  /** The web rendition the server stored for an original: its bytes are what the reader downloads. */
  const storedWebRendition = async (original: Buffer) =>
    buffer(
      await app().storage.read(renditionPath('web', createHash('sha256').update(original).digest('hex'))),
    );

  /** A release of the fair written and published by the press office, with one picture uploaded into it. */
  async function publishedWithPicture(title: string, picture: Buffer, extra: Record<string, unknown> = {}) {
    const siteId = app().sites.forHostname(fair.host).id;
    const created = await app().inject({
      method: 'POST',
      url: apiPaths.pressReleaseAdmin,
      headers: office(),
      payload: {
        publication_date: '2026-05-10',
        groups: [siteId],
        translations: [{ language: 'en', title, body: '<p>Text</p>' }],
        ...extra,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const form = multipart({ kind: 'image' }, [
      { field: 'file', fileName: 'kiln.jpg', contentType: 'image/jpeg', content: picture },
    ]);
    const uploaded = await app().inject({
      method: 'POST',
      url: apiPaths.pressReleaseAdminFiles(id),
      headers: { ...office(), ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const published = await app().inject({
      method: 'POST',
      url: apiPaths.pressReleaseAdminStatus(id),
      headers: office(),
      payload: { status: 'published' },
    });
    expect(published.statusCode).toBe(200);
    return { id, picture: (uploaded.json() as PressReleaseFile[])[0] };
  }

  beforeAll(async () => {
    content = await startPressContentApp({ readCountFlushSeconds: 0 });
  }, 60_000);

  afterAll(async () => {
    await content?.stop();
  });

  it('makes a 2400 × 1600 JPEG picture web 1600 × 1067 and print the 2400 × 1600 original at upload, and says so in the public release', async () => {
    const bytes = await sampleJpeg(2400, 1600);
    const { id, picture } = await publishedWithPicture('Kilns at work', bytes);
    const web = await storedWebRendition(bytes);
    const original = { width: 2400, height: 1600, size: bytes.length, mime: 'image/jpeg' };
    expect(picture.renditions).toEqual({
      original,
      web: { width: 1600, height: 1067, size: web.length, mime: 'image/jpeg' },
      print: original,
    });
    const detail = await get(apiPaths.pressRelease(id));
    expect(detail.json().images).toEqual([
      expect.objectContaining({
        id: picture.id,
        web_url: `/api/press_room/press_release_file/${picture.id}/web/`,
        print_url: `/api/press_room/press_release_file/${picture.id}/print/`,
        renditions: picture.renditions,
      }),
    ]);
  });

  it('serves the web size as a 1600 px JPEG and the print size as the original, to anyone once the release is public, counted as downloads', async () => {
    const bytes = await sampleJpeg(2400, 1600, '#2a4a7a');
    const { picture } = await publishedWithPicture('Glaze colours', bytes);
    const web = await get(apiPaths.pressReleaseFileRendition(picture.id, 'web'));
    expect(web.statusCode).toBe(200);
    expect(web.headers['content-type']).toBe('image/jpeg');
    expect(web.headers['content-disposition']).toBe(
      `attachment; filename="kiln-web.jpg"; filename*=UTF-8''kiln-web.jpg`,
    );
    expect(web.rawPayload.length).toBe(picture.renditions?.web.size);
    const decoded = await sharp(web.rawPayload).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['jpeg', 1600, 1067]);
    const print = await get(apiPaths.pressReleaseFileRendition(picture.id, 'print'));
    expect(print.statusCode).toBe(200);
    expect(print.rawPayload.equals(bytes)).toBe(true);
    await app().readCounter.flush();
    const rows = await content.harness.db.select().from(readCounts);
    expect(
      rows
        .filter((row) => row.kind === 'release_image_download' && row.itemId === picture.id)
        .reduce((sum, row) => sum + row.count, 0),
    ).toBe(2);
    const again = await get(apiPaths.pressReleaseFileRendition(picture.id, 'web'), {
      'if-none-match': String(web.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const rest = await get(apiPaths.pressReleaseFileRendition(picture.id, 'web'), { range: 'bytes=100-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(web.rawPayload.subarray(100))).toBe(true);
  });

  it("refuses an embargoed release's renditions to the public (404) and serves them to the press", async () => {
    const { picture } = await publishedWithPicture('Award under embargo', await sampleJpeg(2400, 1600), {
      embargo_until: '2026-06-03T10:00:00+02:00',
    });
    const url = apiPaths.pressReleaseFileRendition(picture.id, 'web');
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(apiPaths.pressReleaseFileRendition(picture.id, 'print'))).statusCode).toBe(404);
    const press = await get(url, content.as.user_press_room);
    expect(press.statusCode).toBe(200);
    expect((await sharp(press.rawPayload).metadata()).width).toBe(1600);
  });

  it('makes the renditions of a picture stored before they existed once, in the background, and the kept public answer shows them', async () => {
    const siteId = app().sites.forHostname(fair.host).id;
    const release = await insertRelease(content.harness.db, {
      number: null,
      groups: [siteId],
      translations: [{ language: 'en', title: 'An older release' }],
    });
    const bytes = await sampleJpeg(2000, 1500);
    const picture = await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: release.id,
      kind: 'image',
      name: 'older.jpg',
      contentType: 'image/jpeg',
      bytes,
    });
    const before = await get(apiPaths.pressRelease(release.id));
    expect(before.json().images[0].renditions).toBeNull();
    expect(await fillMissingReleaseRenditions(app())).toBe(1);
    expect(await fillMissingReleaseRenditions(app())).toBe(0);
    const after = (await get(apiPaths.pressRelease(release.id))).json().images[0].renditions;
    const stored = await storedWebRendition(bytes);
    expect(after).toEqual({
      original: { width: 2000, height: 1500, size: bytes.length, mime: 'image/jpeg' },
      web: { width: 1600, height: 1200, size: stored.length, mime: 'image/jpeg' },
      print: { width: 2000, height: 1500, size: bytes.length, mime: 'image/jpeg' },
    });
    const web = await get(apiPaths.pressReleaseFileRendition(picture.id, 'web'));
    expect(web.rawPayload.equals(stored)).toBe(true);
  });
});
