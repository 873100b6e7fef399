import type { Readable } from 'node:stream';

/** One inclusive byte range, as HTTP ranges are written. */
export interface ByteRange {
  start: number;
  end: number;
}

interface StoredObjectInfo {
  size: number;
}

export interface ListedObject {
  key: string;
  size: number;
}

/**
 * Where every file the product keeps lives, by key: the relative paths the database already names
 * (`gallery/ab/abcdef....jpg`). Two drivers: a local directory (one server, or several sharing a network disk)
 * and an S3-compatible object store (several app servers). Nothing reads a whole file into memory: files go in
 * from a finished temporary file and come out as streams.
 */
export interface FileStore {
  /** For logs and the command line: where the files are. */
  readonly description: string;
  /** Stores a finished local file under `key` (replacing any object there) and removes the local file. */
  putFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /** Stores bytes made in memory (thumbnails, renditions, small generated files). */
  putBytes(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The object's size, or null when there is no object under `key`. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** The object's bytes, or one inclusive range of them, as a stream. Rejects with StoredFileMissing when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Runs `work` with a path on this machine holding the object's bytes, for libraries that want a file (sharp
   * with its pixel limit, ExifReader, mdb-reader): the file itself for the local driver, a temporary download
   * removed afterwards for S3. Rejects with StoredFileMissing when absent.
   */
  withLocalFile<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T>;
  /** Removes the object; an absent one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no particular order. */
  list(prefix?: string): AsyncIterable<ListedObject>;
}

/** A key names no object: a 404 for the caller, never a 500. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`no stored file under "${key}"`);
    this.name = 'StoredFileMissing';
  }
}

/**
 * Keys are relative, slash-separated paths without empty, "." or ".." segments: a key from the database can
 * never reach outside the store's directory or prefix.
 */
export function checkedKey(key: string): string {
  const normalized = key.replace(/\\/g, '/');
  const segments = normalized.split('/');
  if (
    normalized.length === 0 ||
    normalized.length > 1024 ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
    normalized.includes('\0')
  ) {
    throw new Error(`not a storage key: "${key}"`);
  }
  return normalized;
}
