import { type campaignReadKind, countryCodeOf, mediaTypes, type ReadKind } from '@pressroom/contract';
import { readCounts } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    readCounter: {
      /** Counts one view or download of `itemId` (0: a whole ZIP) by the request's reader, in aggregate. */
      count(request: FastifyRequest, kind: ReadKind | typeof campaignReadKind, itemId?: number): void;
      /** Writes what was counted since the last write; answers how many rows it touched. */
      flush(): Promise<number>;
    };
  }
}

interface Pending {
  day: string;
  pressGroupId: number;
  kind: string;
  itemId: number;
  language: string;
  mediaType: string;
  country: string;
  count: number;
}

/**
 * What a signed download link says of its reader: their media type and country (never who they are), signed
 * into the link with the rest, so a browser's download without the token is still counted by kind of reader.
 * An empty string for an anonymous caller.
 */
export function readerParam(request: FastifyRequest): string {
  const press = request.identity?.user;
  if (!press) return '';
  return `reader=${encodeURIComponent(press.mediaType ?? '')}~${encodeURIComponent((press.country ?? '').trim().slice(0, 100))}`;
}

/** A path and query with the reader's part added (before it is signed). */
export function withReader(pathAndQuery: string, reader: string): string {
  if (!reader) return pathAndQuery;
  return `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${reader}`;
}

/** The reader a signed link names; its signature was checked before the route ran. */
function readerOfLink(request: FastifyRequest): { mediaType: string; country: string } | null {
  const raw = (request.query as { reader?: unknown } | undefined)?.reader;
  if (typeof raw !== 'string' || !(request.raw.url ?? '').includes('signature=')) return null;
  const [mediaType = '', country = ''] = raw.split('~');
  return {
    mediaType: (mediaTypes as readonly string[]).includes(mediaType) ? mediaType : '',
    country: country.slice(0, 100),
  };
}

const robots = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor/i;

/** Rows of one INSERT: PostgreSQL's parameters allow 65,535, eight a row. */
const rowsPerStatement = 5000;

/**
 * Counting the calls it counts costs them one map update: the counts wait in this process and are written
 * every READ_COUNT_FLUSH_SECONDS (and on close) in one statement that adds them to the day's rows, so any
 * number of app servers count into the same figures. A failed write keeps the counts for the next one. Only
 * the reader's media type and country (from their press data) are kept, never who they are.
 */
export const readCounterPlugin = fp(async (app: FastifyInstance) => {
  let pending = new Map<string, Pending>();
  let writing: Promise<number> = Promise.resolve(0);

  // The day's string changes once a day: made then, not on every count.
  let dayNumber = -1;
  let day = '';
  const today = () => {
    const now = app.clock.now().getTime();
    const number = Math.floor(now / 86_400_000);
    if (number !== dayNumber) {
      dayNumber = number;
      day = new Date(number * 86_400_000).toISOString().slice(0, 10);
    }
    return day;
  };

  const count = (request: FastifyRequest, kind: ReadKind | typeof campaignReadKind, itemId = 0) => {
    // Robots (search engines, link previews) read pages but are not readers.
    if (robots.test(request.headers['user-agent'] ?? '')) return;
    const press = request.identity?.user ?? readerOfLink(request);
    const mediaType = press?.mediaType ?? '';
    // A code; a link signed before countries were codes may carry a name, read as the imports read one.
    const country = countryCodeOf(press?.country ?? '') ?? '';
    const date = today();
    const site = request.site.id;
    const language = request.language;
    const key = `${date}|${site}|${kind}|${itemId}|${language}|${mediaType}|${country}`;
    const current = pending.get(key);
    if (current) current.count += 1;
    else
      pending.set(key, {
        day: date,
        pressGroupId: site,
        kind,
        itemId,
        language,
        mediaType,
        country,
        count: 1,
      });
  };

  const write = async (): Promise<number> => {
    if (pending.size === 0) return 0;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      for (let start = 0; start < batch.length; start += rowsPerStatement) {
        await app.db
          .insert(readCounts)
          .values(batch.slice(start, start + rowsPerStatement))
          .onConflictDoUpdate({
            target: [
              readCounts.day,
              readCounts.pressGroupId,
              readCounts.kind,
              readCounts.itemId,
              readCounts.language,
              readCounts.mediaType,
              readCounts.country,
              readCounts.countryUnmapped,
            ],
            set: { count: sql`${readCounts.count} + excluded.count` },
          });
      }
      return batch.length;
    } catch (error) {
      // Kept for the next write: a database restart loses no count.
      for (const entry of batch) {
        const key = `${entry.day}|${entry.pressGroupId}|${entry.kind}|${entry.itemId}|${entry.language}|${entry.mediaType}|${entry.country}`;
        const current = pending.get(key);
        if (current) current.count += entry.count;
        else pending.set(key, entry);
      }
      app.log.warn({ err: error }, 'writing the read counts failed; they are kept for the next write');
      return 0;
    }
  };

  // One write at a time, so a slow write and the next tick never add the same counts twice.
  const flush = () => {
    writing = writing.then(write, write);
    return writing;
  };

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (app.config.readCountFlushSeconds > 0) {
      timer = setInterval(() => void flush(), app.config.readCountFlushSeconds * 1000);
      timer.unref();
    }
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await flush();
  });

  app.decorate('readCounter', { count, flush });
});
