import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { apiPaths, type PressRelease, type PressReleaseFile } from '@pressroom/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  startPressContentApp,
} from '../../test-support/press-content.ts';
import { coverRenditionKey } from './cover-renditions.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

describe("a release picture's cover renditions", () => {
  let content: PressContentApp;
  const app = () => content.harness.app;
  const office = () => ({ ...fair, ...content.as.administrator_press_room });
  const get = (url: string) => app().inject({ method: 'GET', url, headers: fair });

  /** What the store holds under a cover rendition's key: its format and pixels, or null. */
  async function stored(checksum: string, step: 480 | 960 | 1440, format: 'webp' | 'jpeg') {
    const key = coverRenditionKey(checksum, step, format);
    if (!(await app().storage.stat(key))) return null;
    const info = await sharp(await buffer(await app().storage.read(key))).metadata();
    return { format: info.format, width: info.width, height: info.height };
  }

  /** A published release of the fair with one picture uploaded into it by the press office. */
  async function publishedWithPicture(title: string, picture: Buffer) {
    const siteId = app().sites.forHostname(fair.host).id;
    const created = await app().inject({
      method: 'POST',
      url: apiPaths.pressReleaseAdmin,
      headers: office(),
      payload: {
        publication_date: '2026-05-10',
        groups: [siteId],
        translations: [{ language: 'en', title, body: '<p>Text</p>' }],
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

  it('keeps a 2400 × 1600 picture at 480, 960 and 1440 px wide in WebP and JPEG from its upload, and lists them as its cover', async () => {
    const bytes = await sampleJpeg(2400, 1600);
    const checksum = createHash('sha256').update(bytes).digest('hex');
    const { id, picture } = await publishedWithPicture('Kilns at work', bytes);

    for (const [step, height] of [
      [480, 320],
      [960, 640],
      [1440, 960],
    ] as const) {
      expect(await stored(checksum, step, 'webp')).toEqual({ format: 'webp', width: step, height });
      expect(await stored(checksum, step, 'jpeg')).toEqual({ format: 'jpeg', width: step, height });
    }

    const release = (await get(apiPaths.pressRelease(id))).json() as PressRelease;
    const cover = `/api/press_room/press_release_file/${picture.id}/cover`;
    expect(release.cover?.sources).toEqual([
      { width: 480, webp_url: `${cover}/480/webp/`, jpeg_url: `${cover}/480/jpeg/` },
      { width: 960, webp_url: `${cover}/960/webp/`, jpeg_url: `${cover}/960/jpeg/` },
      { width: 1440, webp_url: `${cover}/1440/webp/`, jpeg_url: `${cover}/1440/jpeg/` },
    ]);
    const served = await get(`${cover}/960/webp/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(960);
  });

  it('makes a 1000 px wide picture no wider: its largest cover is its own width, and no larger one is served', async () => {
    const bytes = await sampleJpeg(1000, 750);
    const checksum = createHash('sha256').update(bytes).digest('hex');
    const { picture } = await publishedWithPicture('A narrow kiln', bytes);

    expect(await stored(checksum, 960, 'jpeg')).toEqual({ format: 'jpeg', width: 960, height: 720 });
    expect(await stored(checksum, 1440, 'webp')).toEqual({ format: 'webp', width: 1000, height: 750 });

    const small = await sampleJpeg(400, 300);
    const { picture: smallPicture } = await publishedWithPicture('A small kiln', small);
    expect((await get(apiPaths.pressReleaseFileCover(smallPicture.id, 480, 'jpeg'))).statusCode).toBe(200);
    expect((await get(apiPaths.pressReleaseFileCover(smallPicture.id, 960, 'jpeg'))).statusCode).toBe(404);
    expect((await get(apiPaths.pressReleaseFileCover(picture.id, 1440, 'jpeg'))).statusCode).toBe(200);
  });

  it('makes the cover renditions of a picture stored before they existed at its first showing', async () => {
    const bytes = await sampleJpeg(1600, 1200);
    const checksum = createHash('sha256').update(bytes).digest('hex');
    const release = await insertRelease(content.harness.db, {
      publicationDate: '2026-05-11',
      // The releases published through the API above took the year's first numbers.
      number: 901,
      groups: [app().sites.forHostname(fair.host).id],
      translations: [{ language: 'en', title: 'An older picture' }],
    });
    const file = await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: release.id,
      kind: 'image',
      name: 'older.jpg',
      contentType: 'image/jpeg',
      bytes,
      width: 1600,
      height: 1200,
    });
    expect(await stored(checksum, 480, 'webp')).toBeNull();

    const served = await get(apiPaths.pressReleaseFileCover(file.id, 480, 'webp'));
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(480);
    // Every other cover rendition of that picture was made with it.
    expect(await stored(checksum, 1440, 'jpeg')).toEqual({ format: 'jpeg', width: 1440, height: 1080 });
  });

  it('is not served for a release nobody may read yet, nor at a width or in a format covers do not have', async () => {
    const bytes = await sampleJpeg(800, 600);
    const draft = await insertRelease(content.harness.db, {
      publicationDate: '2026-05-12',
      status: 'draft',
      groups: [app().sites.forHostname(fair.host).id],
      translations: [{ language: 'en', title: 'A draft' }],
    });
    const file = await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: draft.id,
      kind: 'image',
      name: 'draft.jpg',
      contentType: 'image/jpeg',
      bytes,
      width: 800,
      height: 600,
    });
    expect((await get(apiPaths.pressReleaseFileCover(file.id, 480, 'webp'))).statusCode).toBe(404);
    expect((await get(`/api/press_room/press_release_file/${file.id}/cover/500/webp/`)).statusCode).toBe(400);
    expect((await get(`/api/press_room/press_release_file/${file.id}/cover/480/avif/`)).statusCode).toBe(400);
  });
});
