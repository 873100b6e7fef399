import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipEntryData } from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from './file-response.ts';
import { StoredFileMissing } from './storage/file-store.ts';

export interface ZipFileEntry {
  /** Its key in the file store (`app.storage`). */
  key: string;
  /** The name inside the archive (made safe and unique here). */
  name: string;
  /** A folder to put it in (one level, made safe too), e.g. the gallery of a basket's image. */
  folder?: string;
  mime: string;
  date?: Date;
}

export interface ZipTextEntry {
  name: string;
  content: string;
}

// Already-compressed formats are stored as they are: deflating them again costs CPU and saves nothing.
const storedMimes =
  /^(image\/(jpeg|png|gif|webp|avif|heic|heif)|application\/(pdf|zip|x-7z-compressed|gzip)|video\/|audio\/)/;

/** A file name that is safe inside a ZIP (no folders, no control characters) and not empty. */
export function safeEntryName(name: string, fallback = 'file'): string {
  const cleaned = name
    .replace(/[\\/]/g, '_')
    .split('')
    // Control characters (0-31 and DEL) have no place in a file name.
    .filter((character) => character.charCodeAt(0) > 31 && character.charCodeAt(0) !== 127)
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return cleaned.slice(0, 180) || fallback;
}

/** Makes names unique by adding " (2)", " (3)"... before the extension. */
function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((original) => {
    let candidate = original;
    const dot = original.lastIndexOf('.');
    const stem = dot > 0 ? original.slice(0, dot) : original;
    const extension = dot > 0 ? original.slice(dot) : '';
    for (let counter = 2; used.has(candidate.toLowerCase()); counter++)
      candidate = `${stem} (${counter})${extension}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * Streams one ZIP built from stored files (`request.server.storage`) straight into the response. Entries are
 * added in the given order, each object opened only once the one before it has been read to its end (one open
 * object at a time, whatever the store), through small buffers, and the archive is written as the client reads
 * it (backpressure), so the server's memory stays flat whatever the total size. A client that goes away stops
 * the work; an object missing from the store is left out with a warning, as a vanished file always was.
 * archiver is loaded by the first zip a process sends, not at start-up (decision 22).
 */
export async function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { fileName: string; files: ZipFileEntry[]; texts?: ZipTextEntry[] },
) {
  const { ZipArchive } = await import('archiver');
  const storage = request.server.storage;
  const archive = new ZipArchive({ zlib: { level: 6 }, highWaterMark: 64 * 1024 });
  let finishedArchive = false;
  let gone = false;
  let current: Readable | null = null;
  archive.on('end', () => {
    finishedArchive = true;
  });
  archive.on('warning', (error) => request.log.warn({ err: error }, 'zip warning'));
  // Whatever ends the archive early also lets go of the object being read.
  const stop = () => {
    gone = true;
    current?.destroy();
  };
  archive.on('error', (error) => {
    request.log.error({ err: error }, 'zip failed');
    stop();
    archive.destroy(error);
  });
  request.raw.on('close', () => {
    if (finishedArchive) return;
    stop();
    archive.abort();
  });

  for (const text of options.texts ?? []) archive.append(text.content, { name: safeEntryName(text.name) });
  const names = uniqueNames(
    options.files.map((file) =>
      file.folder ? `${safeEntryName(file.folder)}/${safeEntryName(file.name)}` : safeEntryName(file.name),
    ),
  );

  async function appendInOrder() {
    for (const [index, file] of options.files.entries()) {
      if (gone) return;
      let source: Readable;
      try {
        source = await storage.read(file.key);
      } catch (error) {
        if (!(error instanceof StoredFileMissing)) throw error;
        request.log.warn({ key: file.key }, 'a file of the zip is missing from the store');
        continue;
      }
      if (gone) {
        source.destroy();
        return;
      }
      current = source;
      const entry: ZipEntryData = { name: names[index], store: storedMimes.test(file.mime), date: file.date };
      archive.append(source, entry);
      // The archive pipes the stream without passing its errors on: a failing read fails the archive here.
      await finished(source);
      current = null;
    }
    if (!gone) await archive.finalize();
  }
  appendInOrder().catch((error) => {
    if (gone) return;
    request.log.error({ err: error }, 'zip failed');
    stop();
    archive.destroy(error);
  });

  return reply
    .code(200)
    .type('application/zip')
    .header('content-disposition', contentDisposition('attachment', options.fileName))
    .header('cache-control', 'private, no-store')
    .send(archive);
}

/** Bytes for people: 1.2 GB, 350 MB, 12 kB (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}
