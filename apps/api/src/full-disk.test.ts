import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { galleryImages, magazines, pressReleaseFiles } from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStore, localFileStore } from './lib/storage/index.ts';
import { createTestApp } from './test-support/app.ts';
import {
  fair,
  headersByCaller,
  multipart,
  sampleJpeg,
  temporaryDataDir,
} from './test-support/press-content.ts';
import { storedKeys } from './test-support/storage.ts';

/** What the system says when a disk is full (ENOSPC) or a quota reached (EDQUOT), as fs calls reject. */
const diskFull = (code: 'ENOSPC' | 'EDQUOT') =>
  Object.assign(new Error(`${code}: no space left on device, write`), { code, syscall: 'write', errno: -28 });

type Write = 'putFile' | 'putBytes';

/**
 * The local store over the test's directory, whose writes of one kind fail as on a full disk once `full` names
 * that kind: `putFile` (originals, renditions), `putBytes` (thumbnails, previews, covers) or `any`. With
 * `after`, that many of those writes succeed first: the next one fails, as when the disk fills up mid-upload.
 */
function fillingStore(directory: string) {
  const store = localFileStore(directory);
  const state: {
    full: null | { method: Write | 'any'; code: 'ENOSPC' | 'EDQUOT'; after?: number };
  } = { full: null };
  const check = (method: Write) => {
    const full = state.full;
    if (!full || (full.method !== method && full.method !== 'any')) return;
    if (full.after) {
      full.after -= 1;
      return;
    }
    throw diskFull(full.code);
  };
  const filling: FileStore = {
    ...store,
    description: store.description,
    async putFile(key, localPath, contentType) {
      check('putFile');
      return store.putFile(key, localPath, contentType);
    },
    async putBytes(key, bytes, contentType) {
      check('putBytes');
      return store.putBytes(key, bytes, contentType);
    },
  };
  return { store: filling, state };
}

describe('a full disk: a clean 507, and nothing left behind', () => {
  let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let disk: ReturnType<typeof fillingStore>;
  let office: Record<string, string>;
  let galleryId: number;

  /** Every file left in the server's temporary folder. */
  const temporaryFiles = async () =>
    (await readdir(path.join(dataDir.dir, 'tmp'), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);

  beforeAll(async () => {
    dataDir = await temporaryDataDir();
    disk = fillingStore(path.join(dataDir.dir, 'uploads'));
    harness = await createTestApp({ config: { dataDir: dataDir.dir }, storage: disk.store });
    office = (await headersByCaller(harness.app)).administrator_press_room;
    const siteId = harness.app.sites.forHostname(fair.host).id;
    const post = async (url: string, payload: object) =>
      (await harness.app.inject({ method: 'POST', url, headers: { ...fair, ...office }, payload })).json();
    const category = await post(apiPaths.galleryCategories, {
      name: { en: 'Halls' },
      parent: null,
      groups: [siteId],
    });
    galleryId = (await post(apiPaths.galleries, { name: { en: 'Stands' }, category: category.id })).id;
  });

  afterAll(async () => {
    await harness.close();
    await dataDir.remove();
  });

  it('refuses a gallery picture with 507 in the reader language when its files cannot be written, leaving no preview, thumbnail or row', async () => {
    disk.state.full = { method: 'putFile', code: 'ENOSPC' };
    const form = multipart({ credit: '' }, [
      {
        field: 'files',
        fileName: 'stand.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(900, 600),
      },
    ]);
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.galleryImages(galleryId),
      headers: { ...fair, ...office, ...form.headers, 'accept-language': 'it' },
      payload: form.payload,
    });
    disk.state.full = null;
    expect([response.statusCode, response.json()]).toEqual([
      507,
      {
        detail:
          'Il server non ha più spazio per salvare questo file. Non è stato salvato nulla; avvisa l’ufficio stampa.',
      },
    ]);
    expect(await harness.db.select().from(galleryImages)).toEqual([]);
    expect(await storedKeys(harness.app.storage, '')).toEqual([]);
    expect(await temporaryFiles()).toEqual([]);
  });

  it("refuses a magazine's cover with 507 when a quota is reached, leaving no file and no row", async () => {
    disk.state.full = { method: 'putBytes', code: 'EDQUOT' };
    const form = multipart(
      {
        kind: 'italian',
        publisher: 'Faenza Editrice',
        title: 'Ceramica Oggi',
        month: '9',
        year: '2026',
        groups: '1',
      },
      [
        {
          field: 'cover',
          fileName: 'cover.jpg',
          contentType: 'image/jpeg',
          content: await sampleJpeg(600, 800),
        },
      ],
    );
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.magazines,
      headers: { ...fair, ...office, ...form.headers },
      payload: form.payload,
    });
    disk.state.full = null;
    expect([response.statusCode, response.json()]).toEqual([
      507,
      {
        detail:
          'The server has no room left to store this file. Nothing was saved; please tell the press office.',
      },
    ]);
    expect(await harness.db.select().from(magazines)).toEqual([]);
    expect(await storedKeys(harness.app.storage, '')).toEqual([]);
    expect(await temporaryFiles()).toEqual([]);
  });

  // After two writes the new picture's thumbnail is stored; after three, its web rendition too.
  it.each([
    { after: 2, colour: '#1a4a7a' },
    { after: 3, colour: '#4a1a7a' },
  ])(
    'refuses release pictures with 507 in the reader language when the disk fills up after $after writes, leaving no file and no row',
    async ({ after, colour }) => {
      const siteId = harness.app.sites.forHostname(fair.host).id;
      const release = await harness.app.inject({
        method: 'POST',
        url: apiPaths.pressReleaseAdmin,
        headers: { ...fair, ...office },
        payload: {
          publication_date: '2026-05-10',
          groups: [siteId],
          translations: [{ language: 'en', title: `Kilns ${after}`, body: '<p>Text</p>' }],
        },
      });
      expect(release.statusCode).toBe(201);
      const uploadPictures = (pictures: { name: string; content: Buffer }[], headers = {}) => {
        const form = multipart(
          { kind: 'image' },
          pictures.map((picture) => ({
            field: 'file',
            fileName: picture.name,
            contentType: 'image/jpeg',
            content: picture.content,
          })),
        );
        return harness.app.inject({
          method: 'POST',
          url: apiPaths.pressReleaseAdminFiles(release.json().id),
          headers: { ...fair, ...office, ...form.headers, ...headers },
          payload: form.payload,
        });
      };
      // A picture already there: the failed upload carries it again, and must leave its files alone.
      const kept = { name: 'kiln.jpg', content: await sampleJpeg(900, 600, '#7a4a2a') };
      expect((await uploadPictures([kept])).statusCode).toBe(201);
      const before = await storedKeys(harness.app.storage, '');
      const rows = await harness.db.select().from(pressReleaseFiles);
      expect(before).not.toEqual([]);

      // A new picture in each case, so that neither finds the other's files. The picture kept writes its web
      // rendition again (put 1); the new one its thumbnail (2), its web rendition (3), its original (4): the
      // disk fills up after `after` of them.
      disk.state.full = { method: 'any', code: 'ENOSPC', after };
      const response = await uploadPictures(
        [kept, { name: 'glaze.jpg', content: await sampleJpeg(800, 600, colour) }],
        { 'accept-language': 'fr' },
      );
      disk.state.full = null;
      expect([response.statusCode, response.json()]).toEqual([
        507,
        {
          detail:
            'Le serveur n’a plus de place pour enregistrer ce fichier. Rien n’a été enregistré ; veuillez prévenir le service de presse.',
        },
      ]);
      expect(await harness.db.select().from(pressReleaseFiles)).toEqual(rows);
      expect(await storedKeys(harness.app.storage, '')).toEqual(before);
      expect(await temporaryFiles()).toEqual([]);
    },
  );
});
