import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test-support/s3.ts';
import {
  type FileStore,
  localFileStore,
  openFileStore,
  StoredFileMissing,
  temporaryDirectory,
} from './index.ts';

interface OpenedStore {
  store: FileStore;
  close(): Promise<void>;
}

/** Each driver as the app opens it, over a data directory of its own. */
const drivers: { name: string; open(dataDir: string): Promise<OpenedStore> }[] = [
  {
    name: 'a local directory',
    async open(dataDir) {
      return { store: localFileStore(path.join(dataDir, 'uploads')), close: async () => {} };
    },
  },
  {
    name: 'S3 (s3rver on loopback)',
    async open(dataDir) {
      const server = await startS3Server();
      return { store: openFileStore(server.storage('press-room'), dataDir), close: () => server.stop() };
    },
  },
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(drivers)('a file store on $name', (driver) => {
  let dataDir: string;
  let opened: OpenedStore;
  let store: FileStore;

  /** A finished local file, as an upload leaves one in the temporary directory. */
  async function localFile(bytes: Buffer) {
    const directory = temporaryDirectory(dataDir, 'uploads');
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, `${randomBytes(6).toString('hex')}.part`);
    await writeFile(file, bytes);
    return file;
  }

  const contents = async (key: string, range?: { start: number; end: number }) =>
    buffer(await store.read(key, range));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-store-'));
    opened = await driver.open(dataDir);
    store = opened.store;
  });

  afterAll(async () => {
    await opened.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('puts a finished file under its key: the local file is gone, the bytes read back whole', async () => {
    const bytes = randomBytes(70_000);
    const file = await localFile(bytes);
    await store.putFile('gallery/originals/ab/photo.jpg', file, 'image/jpeg');
    expect(existsSync(file)).toBe(false);
    expect((await contents('gallery/originals/ab/photo.jpg')).equals(bytes)).toBe(true);
  });

  it('puts bytes made in memory', async () => {
    await store.putBytes('gallery/thumbnails/ab/photo.webp', Buffer.from('thumbnail bytes'), 'image/webp');
    expect((await contents('gallery/thumbnails/ab/photo.webp')).toString()).toBe('thumbnail bytes');
  });

  it('replaces the object under a key, with a file or with bytes', async () => {
    await store.putBytes('replaced/one.txt', Buffer.from('first version, the longer one'));
    await store.putFile('replaced/one.txt', await localFile(Buffer.from('second')));
    expect((await contents('replaced/one.txt')).toString()).toBe('second');
    await store.putBytes('replaced/one.txt', Buffer.from('third'));
    expect((await contents('replaced/one.txt')).toString()).toBe('third');
    expect(await store.stat('replaced/one.txt')).toEqual({ size: 5 });
  });

  it('tells the size of an object, and null for a key without one', async () => {
    await store.putBytes('sizes/eleven.txt', Buffer.from('hello world'));
    await store.putBytes('sizes/empty.txt', Buffer.alloc(0));
    expect(await store.stat('sizes/eleven.txt')).toEqual({ size: 11 });
    expect(await store.stat('sizes/empty.txt')).toEqual({ size: 0 });
    expect(await store.stat('sizes/absent.txt')).toBeNull();
    expect(await store.stat('sizes')).toBeNull();
  });

  it('reads an object whole, or one inclusive byte range of it', async () => {
    await store.putBytes('ranges/alphabet.txt', Buffer.from('abcdefghijklmnopqrstuvwxyz'));
    expect((await contents('ranges/alphabet.txt')).toString()).toBe('abcdefghijklmnopqrstuvwxyz');
    expect((await contents('ranges/alphabet.txt', { start: 0, end: 0 })).toString()).toBe('a');
    expect((await contents('ranges/alphabet.txt', { start: 3, end: 6 })).toString()).toBe('defg');
    expect((await contents('ranges/alphabet.txt', { start: 20, end: 25 })).toString()).toBe('uvwxyz');
  });

  it('answers StoredFileMissing when reading, or lending a path to, a key without an object', async () => {
    const read = store.read('missing/nothing.pdf');
    await expect(read).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(read).rejects.toMatchObject({ key: 'missing/nothing.pdf' });
    await expect(store.read('missing/nothing.pdf', { start: 0, end: 9 })).rejects.toBeInstanceOf(
      StoredFileMissing,
    );
    let called = false;
    const lent = store.withLocalFile('missing/nothing.pdf', async () => {
      called = true;
    });
    await expect(lent).rejects.toBeInstanceOf(StoredFileMissing);
    expect(called).toBe(false);
  });

  it('lends a path on this machine holding the bytes, keeps the object and leaves no download behind', async () => {
    const bytes = randomBytes(30_000);
    await store.putBytes('lent/document.mdb', bytes);
    const answer = await store.withLocalFile('lent/document.mdb', async (localPath) => {
      expect(path.isAbsolute(localPath)).toBe(true);
      expect((await readFile(localPath)).equals(bytes)).toBe(true);
      return 'the work answer';
    });
    expect(answer).toBe('the work answer');
    expect(await store.stat('lent/document.mdb')).toEqual({ size: bytes.length });
    const downloads = temporaryDirectory(dataDir, 'storage');
    expect(existsSync(downloads) ? await readdir(downloads) : []).toEqual([]);
  });

  it('lets go of a lent path when the work fails, passing its error on', async () => {
    await store.putBytes('lent/broken.mdb', Buffer.from('not a database'));
    await expect(
      store.withLocalFile('lent/broken.mdb', async () => {
        throw new Error('unreadable database');
      }),
    ).rejects.toThrow('unreadable database');
    const downloads = temporaryDirectory(dataDir, 'storage');
    expect(existsSync(downloads) ? await readdir(downloads) : []).toEqual([]);
    expect(await store.stat('lent/broken.mdb')).toEqual({ size: 14 });
  });

  it('deletes an object; deleting a key without one is no error', async () => {
    await store.putBytes('deleted/one.txt', Buffer.from('gone soon'));
    await store.delete('deleted/one.txt');
    expect(await store.stat('deleted/one.txt')).toBeNull();
    await expect(store.read('deleted/one.txt')).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(store.delete('deleted/one.txt')).resolves.toBeUndefined();
    await expect(store.delete('deleted/never-there.txt')).resolves.toBeUndefined();
  });

  it('lists the objects whose keys start with a prefix, with their sizes', async () => {
    await store.putBytes('listed/a/1.txt', Buffer.from('1'));
    await store.putBytes('listed/a/deeper/2.txt', Buffer.from('22'));
    await store.putBytes('listed/ab/3.txt', Buffer.from('333'));
    await store.putBytes('listed/b/4.txt', Buffer.from('4444'));
    const listed = async (prefix: string) => {
      const objects = [];
      for await (const object of store.list(prefix)) objects.push(object);
      return objects.sort((one, other) => one.key.localeCompare(other.key));
    };
    expect(await listed('listed/a/')).toEqual([
      { key: 'listed/a/1.txt', size: 1 },
      { key: 'listed/a/deeper/2.txt', size: 2 },
    ]);
    expect((await listed('listed/a')).map((object) => object.key)).toEqual([
      'listed/a/1.txt',
      'listed/a/deeper/2.txt',
      'listed/ab/3.txt',
    ]);
    expect(await listed('listed/none/')).toEqual([]);
    expect((await listed('')).map((object) => object.key)).toContain('listed/b/4.txt');
  });

  it.each([
    '../outside.txt',
    'gallery/../../outside.txt',
    '/etc/passwd',
    'gallery//double.txt',
    'gallery/./here.txt',
    '',
  ])('refuses the key %j, which could leave the store', async (key) => {
    await expect(store.putBytes(key, Buffer.from('x'))).rejects.toThrow('not a storage key');
    await expect(store.read(key)).rejects.toThrow('not a storage key');
    await expect(store.stat(key)).rejects.toThrow('not a storage key');
    await expect(store.delete(key)).rejects.toThrow('not a storage key');
    expect(existsSync(path.join(dataDir, 'outside.txt'))).toBe(false);
  });

  it('stores a 20 MB file and reads the same bytes back', async () => {
    const bytes = randomBytes(20 * 1024 * 1024);
    await store.putFile('large/twenty.bin', await localFile(bytes), 'application/octet-stream');
    expect(await store.stat('large/twenty.bin')).toEqual({ size: bytes.length });
    const hash = createHash('sha256');
    for await (const chunk of await store.read('large/twenty.bin')) hash.update(chunk);
    expect(hash.digest('hex')).toBe(sha256(bytes));
    const tail = await contents('large/twenty.bin', { start: bytes.length - 100, end: bytes.length - 1 });
    expect(tail.equals(bytes.subarray(bytes.length - 100))).toBe(true);
  });
});

describe('the S3 driver on the wire', () => {
  let server: TestS3Server;
  let dataDir: string;
  let store: FileStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-store-'));
    server = await startS3Server();
    store = openFileStore(server.storage('press-room'), dataDir);
  });

  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends a 20 MB file as a multipart upload of 8 MB parts, under the configured prefix', async () => {
    const file = path.join(dataDir, 'twenty.bin');
    const bytes = randomBytes(20 * 1024 * 1024);
    await writeFile(file, bytes);
    server.requests.length = 0;
    await store.putFile('large/twenty.bin', file);
    const objectPath = `/${server.bucket}/press-room/large/twenty.bin`;
    expect(
      server.requests.filter((request) => request.startsWith(`PUT ${objectPath}?partNumber=`)),
    ).toHaveLength(3);
    expect(server.requests.some((request) => request.startsWith(`POST ${objectPath}?uploads`))).toBe(true);
    expect(
      server.requests.filter((request) => request.startsWith(`PUT ${objectPath}?x-id=PutObject`)),
    ).toEqual([]);
    expect(await store.stat('large/twenty.bin')).toEqual({ size: bytes.length });
  });

  it('keeps prefixes apart: a store under another prefix of the bucket sees none of these objects', async () => {
    await store.putBytes('apart/one.txt', Buffer.from('mine'));
    const other = openFileStore(server.storage('another-site'), dataDir);
    expect(await other.stat('apart/one.txt')).toBeNull();
    const keys = [];
    for await (const object of other.list('')) keys.push(object.key);
    expect(keys).toEqual([]);
  });

  it('reports refused credentials as an error, never as a missing object', async () => {
    await store.putBytes('guarded/one.txt', Buffer.from('secret'));
    const intruder = openFileStore(
      server.storage('press-room', { S3_ACCESS_KEY_ID: 'NOT-AN-ACCOUNT' }),
      dataDir,
    );
    const refused = { $metadata: { httpStatusCode: 403 } };
    await expect(intruder.read('guarded/one.txt')).rejects.toMatchObject(refused);
    await expect(intruder.stat('guarded/one.txt')).rejects.toMatchObject(refused);
  });
});

// The local directory's own promise: an existing installation's files are where they always were.
describe('the local driver', () => {
  it('keeps each key as the relative path under its directory, where files always were', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'pressroom-store-'));
    try {
      const store = localFileStore(directory);
      await store.putBytes('press-kit/ab/abcdef.pdf', Buffer.from('%PDF-1.4'));
      expect(await readFile(path.join(directory, 'press-kit', 'ab', 'abcdef.pdf'), 'utf8')).toBe('%PDF-1.4');
      const file = path.join(directory, 'elsewhere.bin');
      await writeFile(file, 'moved');
      await store.putFile('moved/here.bin', file);
      expect(await readFile(path.join(directory, 'moved', 'here.bin'), 'utf8')).toBe('moved');
      const keys = [];
      for await (const object of store.list('')) keys.push(object.key);
      expect(keys.sort()).toEqual(['moved/here.bin', 'press-kit/ab/abcdef.pdf']);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('removes its part file when a write fails, and passes the error on', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'pressroom-store-'));
    try {
      const store = localFileStore(directory);
      // A folder holds the key already: the part file is written, renaming it into place fails.
      await mkdir(path.join(directory, 'covers', 'ab', 'taken.webp', 'inside'), { recursive: true });
      await expect(store.putBytes('covers/ab/taken.webp', Buffer.from('RIFF'))).rejects.toMatchObject({
        code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/),
      });
      expect(await readdir(path.join(directory, 'covers', 'ab'))).toEqual(['taken.webp']);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
