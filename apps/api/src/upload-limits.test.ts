import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { galleryImages, pressKitDocuments } from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fair,
  multipart,
  type PressContentApp,
  samplePdf,
  startPressContentApp,
} from './test-support/press-content.ts';
import { storedKeys } from './test-support/storage.ts';

describe("each upload route's own limits, handed to the multipart parser", () => {
  let content: PressContentApp;
  let galleryId: number;
  const app = () => content.harness.app;
  const temporaryFiles = async () =>
    (await readdir(path.join(content.dataDir.dir, 'tmp'), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  const send = (url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const form = multipart(fields, files);
    return app().inject({
      method: 'POST',
      url,
      headers: { ...fair, ...content.as.administrator_press_room, ...form.headers, 'accept-language': 'fr' },
      payload: form.payload,
    });
  };
  const jpegNamed = (name: string, bytes: number) => ({
    field: 'files',
    fileName: name,
    contentType: 'image/jpeg',
    content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(bytes - 3, 1)]),
  });

  beforeAll(async () => {
    content = await startPressContentApp({ uploadMaxBytes: 1024 * 1024 });
    const office = { ...fair, ...content.as.administrator_press_room };
    const siteId = app().sites.forHostname(fair.host).id;
    const category = await app().inject({
      method: 'POST',
      url: apiPaths.galleryCategories,
      headers: office,
      payload: { name: { en: 'Halls' }, parent: null, groups: [siteId] },
    });
    galleryId = (
      await app().inject({
        method: 'POST',
        url: apiPaths.galleries,
        headers: office,
        payload: { name: { en: 'Stands' }, category: category.json().id },
      })
    ).json().id;
  });

  afterAll(() => content.stop());

  it('refuses a 51st gallery picture in one request with a translated 400, keeping nothing', async () => {
    const response = await send(
      apiPaths.galleryImages(galleryId),
      { credit: '' },
      Array.from({ length: 51 }, (_, index) => jpegNamed(`stand-${index}.jpg`, 2048)),
    );
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { files: ['Trop de fichiers : 50 au plus par envoi.'] },
    ]);
    expect(await temporaryFiles()).toEqual([]);
    expect(await content.harness.db.select().from(galleryImages)).toEqual([]);
    expect(await storedKeys(app().storage, 'gallery/')).toEqual([]);
  });

  it('refuses a gallery picture over UPLOAD_MAX_BYTES, read only up to the limit, keeping nothing', async () => {
    const response = await send(apiPaths.galleryImages(galleryId), { credit: '' }, [
      jpegNamed('small.jpg', 2048),
      jpegNamed('huge.jpg', 3 * 1024 * 1024),
    ]);
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { files: ['Le fichier huge.jpg dépasse la limite de 1 MB.'] },
    ]);
    expect(await temporaryFiles()).toEqual([]);
    expect(await content.harness.db.select().from(galleryImages)).toEqual([]);
  });

  it('takes one press-kit document per request: a second file is refused, and nothing is kept', async () => {
    const pdf = (name: string) => ({
      field: 'file',
      fileName: name,
      contentType: 'application/pdf',
      content: samplePdf(name),
    });
    const response = await send(apiPaths.pressKit, { title: 'Facts', language: 'en' }, [
      pdf('facts.pdf'),
      pdf('more.pdf'),
    ]);
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { file: ['Trop de fichiers : 1 au plus par envoi.'] },
    ]);
    expect(await temporaryFiles()).toEqual([]);
    expect(await content.harness.db.select().from(pressKitDocuments)).toEqual([]);
  });
});
