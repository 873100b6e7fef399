import { ZipArchive, type ZipEntryData } from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from './file-response.ts';

export interface ZipFileEntry {
  absolutePath: string;
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
export function uniqueNames(names: string[]): string[] {
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
 * Streams one ZIP built from files on disk straight into the response. Files are read one after the other
 * through small buffers and the archive is written as the client reads it (backpressure), so the server's
 * memory stays flat whatever the total size. A client that goes away stops the work.
 */
export function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { fileName: string; files: ZipFileEntry[]; texts?: ZipTextEntry[] },
) {
  // One stat at a time: archiver appends entries in the order their stats finish, and the order is the kit's.
  const archive = new ZipArchive({ zlib: { level: 6 }, highWaterMark: 64 * 1024, statConcurrency: 1 });
  let finished = false;
  archive.on('end', () => {
    finished = true;
  });
  archive.on('warning', (error) => request.log.warn({ err: error }, 'zip warning'));
  archive.on('error', (error) => {
    request.log.error({ err: error }, 'zip failed');
    archive.destroy(error);
  });
  request.raw.on('close', () => {
    if (!finished) archive.abort();
  });

  for (const text of options.texts ?? []) archive.append(text.content, { name: safeEntryName(text.name) });
  const names = uniqueNames(
    options.files.map((file) =>
      file.folder ? `${safeEntryName(file.folder)}/${safeEntryName(file.name)}` : safeEntryName(file.name),
    ),
  );
  options.files.forEach((file, index) => {
    const entry: ZipEntryData = { name: names[index], store: storedMimes.test(file.mime), date: file.date };
    archive.file(file.absolutePath, entry);
  });
  void archive.finalize().catch(() => {
    // Reported through the 'error' event above.
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
