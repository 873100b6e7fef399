import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readContentVersions } from './content-versions.ts';
import { etagOf, htmlType, revalidated } from './public-page.ts';
import { type Computed, VersionedCache } from './versioned-cache.ts';

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

/** What a public page's address answers: the page, a 404 page, or a permanent move to its current address. */
export type PageAnswer =
  | { kind: 'page'; body: string }
  | { kind: 'missing'; body: string }
  | { kind: 'moved'; location: string };

/** A page's answer as sent, its compressed forms made once. */
interface KeptAnswer {
  answer: PageAnswer;
  /** Set for a page: the same text in each encoding a reader may ask for. */
  page?: { etag: string; identity: Buffer; gzip: Buffer | null; br: Buffer | null };
}

export interface KeptPagesOptions {
  /**
   * The kinds of content (content_versions rows) the pages show: a write to any of their tables, on any app
   * server, makes every kept page stale.
   */
  kinds: readonly string[];
  /** When a page computed at `now` stops being right without a write (an embargo's end); null: never. */
  validUntil: (now: Date) => Promise<Date | null>;
  /** How many pages are kept per server (the least recently asked go first), and the largest kept. */
  maxPages: number;
  maxPageLength?: number;
}

// Smaller texts are not worth compressing (as the compress plugin's threshold).
const compressFrom = 1024;
const encodings = ['br', 'gzip'];

/** Pages compress well and are made once per version: a slower, smaller encoding pays for itself. */
async function compressed(identity: Buffer) {
  if (identity.length < compressFrom) return { gzip: null, br: null };
  const [gzipBody, brBody] = await Promise.all([
    gzipped(identity, { level: 9 }),
    brotlied(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  return { gzip: gzipBody, br: brBody };
}

async function keptAnswer(answer: PageAnswer): Promise<KeptAnswer> {
  if (answer.kind !== 'page') return { answer };
  const identity = Buffer.from(answer.body, 'utf8');
  return { answer, page: { etag: etagOf(answer.body), identity, ...(await compressed(identity)) } };
}

/** The entity tag of one encoding of a page: the text's digest, marked with the encoding. */
const taggedFor = (etag: string, encoding: string | null) =>
  encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;

/** Whether If-None-Match names any encoding of the page (the reader's copy is the same text). */
function readerHasIt(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(0, -1);
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag || (tag.startsWith(base) && tag.endsWith('"')));
}

/**
 * Public pages kept per server, built once per content version and key (site, language, query) and sent as
 * they were kept: compressed once (brotli or gzip, as the reader accepts), with an entity tag answered by a
 * 304 (decision 5, as the public release lists). Each request reads the versions of the kinds the pages show
 * (one indexed statement), so a write on any server makes them stale at once; time does too, at the moment
 * `validUntil` names (an embargo's end, a scheduled publication, the next day's edition).
 */
export function createKeptPages(app: FastifyInstance, options: KeptPagesOptions) {
  const cache = new VersionedCache<KeptAnswer>(options.maxPages);
  const maxPageLength = options.maxPageLength ?? 2 * 1024 * 1024;

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    kept: KeptAnswer,
    vary: string[],
  ): Promise<FastifyReply> {
    const { answer, page } = kept;
    if (answer.kind === 'moved') {
      return reply.code(301).header('cache-control', 'public, max-age=3600').redirect(answer.location, 301);
    }
    if (answer.kind === 'missing' || !page) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type(htmlType)
        .send(answer.kind === 'missing' ? answer.body : '');
    }
    reply.header('vary', [...vary, 'Accept-Encoding'].join(', ')).header('cache-control', revalidated);
    const accepted = page.gzip ? negotiate(request.headers['accept-encoding'] ?? '', encodings) : null;
    const encoding = accepted === 'br' || accepted === 'gzip' ? accepted : null;
    reply.header('etag', taggedFor(page.etag, encoding));
    if (readerHasIt(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.type(htmlType);
    if (encoding === 'br' && page.br) return reply.header('content-encoding', 'br').send(page.br);
    if (encoding === 'gzip' && page.gzip) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.identity);
  }

  return {
    /**
     * Sends the page kept for `key` (which must hold everything the page depends on besides the content
     * versions and time: site, language, query), else the one `compute` answers now. `vary`: the request
     * headers besides Accept-Encoding that chose the page (Accept-Language when the address names no language).
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      compute: () => Promise<PageAnswer>,
      vary: string[] = [],
    ): Promise<FastifyReply> {
      const now = app.clock.now();
      const version = await readContentVersions(app.db, options.kinds);
      const kept = await cache.get(key, version, now, async (): Promise<Computed<KeptAnswer>> => {
        const [answer, validUntil] = await Promise.all([compute(), options.validUntil(now)]);
        const value = await keptAnswer(answer);
        // Only pages are kept: the addresses of 404s and moves are whatever callers make up, and keeping them
        // would let anyone push the pages out.
        return { value, validUntil, keep: answer.kind === 'page' && answer.body.length <= maxPageLength };
      });
      return send(request, reply, kept, vary);
    },
  };
}

/** The next midnight (UTC) after `now`: the day a site's current edition is chosen by changes then. */
export function nextMidnight(now: Date): Date {
  const midnight = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  midnight.setUTCDate(midnight.getUTCDate() + 1);
  return midnight;
}

/** The earliest of moments, null ones ignored (null when none is set). */
export function earliest(...moments: (Date | null)[]): Date | null {
  const set = moments.filter((moment): moment is Date => moment !== null);
  return set.length === 0 ? null : new Date(Math.min(...set.map((moment) => moment.getTime())));
}
