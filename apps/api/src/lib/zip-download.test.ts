import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../test-support/press-content.ts';
import { type FileStore, localFileStore } from './storage/index.ts';
import { sendZip, type ZipFileEntry } from './zip-download.ts';

/** The store, watched: which keys were opened, in which order, and how many were open at once at most. */
function watched(store: FileStore) {
  const seen = { opened: [] as string[], open: 0, mostOpenAtOnce: 0 };
  const watching: FileStore = {
    ...store,
    async read(key, range) {
      const stream = await store.read(key, range);
      seen.opened.push(key);
      seen.open += 1;
      seen.mostOpenAtOnce = Math.max(seen.mostOpenAtOnce, seen.open);
      stream.once('close', () => {
        seen.open -= 1;
      });
      return stream;
    },
  };
  return { store: watching, seen };
}

describe('a ZIP of stored files', () => {
  let directory: string;
  let contents: Map<string, Buffer>;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'pressroom-zip-'));
    const store = localFileStore(directory);
    contents = new Map();
    for (let index = 1; index <= 5; index++) {
      const key = `gallery/originals/${index}${index}/picture-${index}.jpg`;
      // Larger than the streams' buffers, so each file takes several reads.
      contents.set(key, randomBytes(300_000 + index));
      await store.putBytes(key, contents.get(key) as Buffer);
    }
  });

  afterAll(() => rm(directory, { recursive: true, force: true }));

  async function download(files: ZipFileEntry[]) {
    const { store, seen } = watched(localFileStore(directory));
    const app = Fastify();
    app.decorate('storage', store);
    app.get('/zip', (request, reply) =>
      sendZip(request, reply, {
        fileName: 'pictures.zip',
        files,
        texts: [{ name: 'CREDITS.txt', content: 'Photo: Studio' }],
      }),
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/zip' });
      return { response, entries: await readZip(response.rawPayload), seen };
    } finally {
      await app.close();
    }
  }

  const entry = (key: string, name: string): ZipFileEntry => ({ key, name, mime: 'image/jpeg' });

  it('opens one stored object at a time, in the given order, each whole in the archive', async () => {
    const keys = [...contents.keys()].reverse();
    const { response, entries, seen } = await download(keys.map((key, index) => entry(key, `${index}.jpg`)));
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(seen.opened).toEqual(keys);
    expect(seen.mostOpenAtOnce).toBe(1);
    expect(seen.open).toBe(0);
    expect(entries.map((file) => file.name)).toEqual([
      'CREDITS.txt',
      '0.jpg',
      '1.jpg',
      '2.jpg',
      '3.jpg',
      '4.jpg',
    ]);
    keys.forEach((key, index) => {
      expect(entries[index + 1].content.equals(contents.get(key) as Buffer)).toBe(true);
    });
  });

  it('leaves out an object missing from the store and still finishes the archive', async () => {
    const [first, second] = contents.keys();
    const { entries } = await download([
      entry(first, 'first.jpg'),
      entry('gallery/originals/00/vanished.jpg', 'vanished.jpg'),
      entry(second, 'second.jpg'),
    ]);
    expect(entries.map((file) => file.name)).toEqual(['CREDITS.txt', 'first.jpg', 'second.jpg']);
    expect(entries[2].content.equals(contents.get(second) as Buffer)).toBe(true);
  });
});
