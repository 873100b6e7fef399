import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './api-error.ts';

export interface StoredFile {
  /** Its key in the file store (`app.storage`): the relative path the database holds. */
  key: string;
  mime: string;
  /** A strong validator that changes whenever the bytes do (the content checksum). */
  etag: string;
  /** Offered as the download name. */
  fileName: string;
  disposition: 'inline' | 'attachment';
  /** Personal files (accreditation proofs) are not kept by the browser: `no-store`. Default: immutable. */
  cacheControl?: string;
}

/**
 * Whether a file request is a download to count: a GET of the whole file or of its first range (a player or a
 * resumed download asks for the rest in more ranges, which are the same download).
 */
export function isFirstRead(request: FastifyRequest): boolean {
  const range = request.headers.range;
  return request.method === 'GET' && (!range || /^bytes=0-/.test(range.trim()));
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** One `bytes=` range, resolved against the size; null when it cannot be served (416). Multi-range: first only. */
function parseRange(header: string, size: number): { start: number; end: number } | null | 'ignore' {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(,.*)?$/.exec(header.trim());
  if (!match) return 'ignore';
  const [, first, last] = match;
  if (first === '' && last === '') return 'ignore';
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return null;
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/**
 * Answers a HEAD with the headers alone. Fastify's HEAD route writes `content-length: 0` over ours when no body
 * is sent; an empty stream keeps the file's length (nothing is read from the store).
 */
function sendHeaders(reply: FastifyReply) {
  return reply.send(Readable.from([]));
}

/**
 * Sends a file of the store (`request.server.storage`) as a stream (memory stays flat whatever its size), with
 * a strong ETag, conditional requests (304), byte ranges (206/416, only the range is fetched from the store)
 * and long, immutable caching: the URL names the checksum, so it never points at other bytes. Files are private
 * to the press area, hence `private`. A missing object is a 404 (here, or as StoredFileMissing when it goes
 * between the size and the read).
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile) {
  const storage = request.server.storage;
  const info = await storage.stat(file.key);
  if (!info) throw notFound();
  const size = info.size;
  const etag = `"${file.etag}"`;
  reply
    .header('etag', etag)
    .header('cache-control', file.cacheControl ?? 'private, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(file.disposition, file.fileName))
    .header('x-content-type-options', 'nosniff')
    .type(file.mime);

  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const rangeHeader = request.headers.range;
  const ifRangeHeader = request.headers['if-range'];
  // If-Range: the range holds only while the client's copy is still the current one.
  const ifRange = Array.isArray(ifRangeHeader) ? ifRangeHeader[0] : ifRangeHeader;
  const rangeApplies = rangeHeader && (!ifRange || ifRange.trim() === etag);
  if (rangeApplies) {
    const range = parseRange(rangeHeader, size);
    if (range === null) {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    if (range !== 'ignore') {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1);
      if (request.method === 'HEAD') return sendHeaders(reply);
      return reply.send(await storage.read(file.key, range));
    }
  }
  reply.code(200).header('content-length', size);
  if (request.method === 'HEAD') return sendHeaders(reply);
  return reply.send(await storage.read(file.key));
}
