import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type ByteRange,
  checkedKey,
  type FileStore,
  type ListedObject,
  StoredFileMissing,
} from './file-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in a local directory: `<directory>/<key>`. */
export function localFileStore(directory: string): FileStore {
  const root = path.resolve(directory);
  const fullPath = (key: string) => path.join(root, checkedKey(key));

  /**
   * Writes a file aside and renames it into place, so a reader never sees half a file; when the write or the
   * rename fails (a full disk), the part written is removed and the error goes on.
   */
  async function writtenAside(target: string, write: (partial: string) => Promise<void>) {
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await write(partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async function moveInto(target: string, localPath: string) {
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      // The temporary file may be on another file system than the store (a mounted volume).
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await writtenAside(target, (partial) => copyFile(localPath, partial));
      await rm(localPath, { force: true });
    }
  }

  async function* walk(directoryPath: string, prefix: string): AsyncGenerator<ListedObject> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(directoryPath, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      const entryPath = path.join(directoryPath, entry.name);
      if (entry.isDirectory()) yield* walk(entryPath, key);
      else if (entry.isFile() && !entry.name.endsWith('.part')) {
        yield { key, size: (await stat(entryPath)).size };
      }
    }
  }

  return {
    description: `local directory ${root}`,

    async putFile(key, localPath) {
      await moveInto(fullPath(key), localPath);
    },

    async putBytes(key, bytes) {
      const target = fullPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writtenAside(target, (partial) => writeFile(partial, bytes));
    },

    async stat(key) {
      try {
        const info = await stat(fullPath(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      const target = fullPath(key);
      // Opened first, so a missing file is reported here rather than as a stream error mid-response.
      let handle: import('node:fs/promises').FileHandle;
      try {
        handle = await open(target, 'r');
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissing(key);
        throw error;
      }
      return handle.createReadStream({ start: range?.start, end: range?.end });
    },

    async withLocalFile(key, work) {
      const target = fullPath(key);
      try {
        await stat(target);
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissing(key);
        throw error;
      }
      return work(target);
    },

    async delete(key) {
      await rm(fullPath(key), { force: true });
    },

    async *list(prefix = '') {
      // A prefix, as S3 reads it, need not end at a folder ("gallery/ab" lists "gallery/abc/..." too): walk the
      // folder it ends in and keep the keys that start with it.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1).replace(/\/+$/, '');
      for await (const object of walk(folder ? path.join(root, checkedKey(folder)) : root, folder)) {
        if (object.key.startsWith(prefix)) yield object;
      }
    },
  };
}
