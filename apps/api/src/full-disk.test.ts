import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { galleryImages, magazines } from '@pressroom/db';
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

/**
 * The local store over the test's directory, whose writes of one kind fail as on a full disk once `full` names
 * that kind: `putFile` (originals, renditions) or `putBytes` (thumbnails, previews, covers).
 */
function fillingStore(directory: string) {
  const store = localFileStore(directory);
  const state: { full: null | { method: 'putFile' | 'putBytes'; code: 'ENOSPC' | 'EDQUOT' } } = {
    full: null,
  };
  const filling: FileStore = {
    ...store,
    description: store.description,
    async putFile(key, localPath, contentType) {
      if (state.full?.method === 'putFile') throw diskFull(state.full.code);
      return store.putFile(key, localPath, contentType);
    },
    async putBytes(key, bytes, contentType) {
      if (state.full?.method === 'putBytes') throw diskFull(state.full.code);
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
});
