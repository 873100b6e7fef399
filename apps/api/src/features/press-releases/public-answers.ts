import { contentKinds } from '@pressroom/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nextVisibilityChange, releaseSightKey, type Viewer } from '../../access/index.ts';
import { readContentVersion } from '../../lib/content-versions.ts';
import {
  type KeptCount,
  type KeptForList,
  type KeptIds,
  type ListResult,
  requestedDraw,
} from '../../lib/datatables.ts';
import { type Computed, VersionedCache } from '../../lib/versioned-cache.ts';

/** `draw=<value>` in a URL's query, and the separator after it (the one before is kept). */
const drawParameter = /([?&])draw=[^&]*&?/;

/**
 * Answers kept per server, and the largest kept: a page of Home is about 5 KB, a release a few KB; a whole
 * list (`length=-1`) can weigh megabytes and is computed each time. At most 64 MB in all.
 */
const maxKeptAnswers = 1000;
const maxKeptLength = 64 * 1024;
/**
 * Counts kept per server: a number each (and a key of about 60 characters), one per set of filters and
 * search asked, and per what the access rule reads of the reader.
 */
const maxKeptCounts = 5000;
/**
 * Lists of releases' ids kept per server (what a "contains" search found, a searched list's matches in order,
 * at most RELEASE_SEARCH_KEPT_MATCHES), at most 4,000 ids each (a public "contains" search finds at most 2,000,
 * publicSearchLimits; the press's widest are searched each time), so at most about 16 MB.
 */
const maxKeptIdLists = 500;
const maxKeptIds = 4000;

/** An answer as sent: JSON text; for the DataTables shape, the text after its leading `draw`. */
interface KeptAnswer {
  json: string;
  afterDraw: string | null;
}

/** Serialises as the route's response serializer would (the schema's encoding, then JSON). */
function serialize(schema: z.ZodType, answer: object): KeptAnswer {
  const encoded = z.encode(schema, answer) as Record<string, unknown>;
  if (!('draw' in answer)) return { json: JSON.stringify(encoded), afterDraw: null };
  const { draw: _echoed, ...rest } = encoded;
  // `rest` always holds recordsTotal, recordsFiltered and data, so the text after '{' is never empty.
  return { json: '', afterDraw: JSON.stringify(rest).slice(1) };
}

const tooLarge = (answer: KeptAnswer) => (answer.afterDraw ?? answer.json).length > maxKeptLength;

/**
 * The public reading side of releases (Home's page of releases, its years, a release), answered from memory
 * while nothing it shows has changed. Journalists on one site ask for the same few pages; computing one
 * (exact counts, the page, full-text search) costs milliseconds of database time, checking the release
 * tables' content version (raised by triggers on every write, see packages/db) costs one indexed row.
 * A list also ends when the next embargo does, which changes it without a write; a release under embargo
 * (signed, expiring file links) is never kept. Answers depend on the viewer's kind (public or press), the
 * reader language, the request's origin (the page links) and its query. Kept as text, so answering from
 * memory does not serialise the rows again; `draw` is only echoed, so it stays out of the key and is written
 * into the text.
 */
export function createPublicAnswers(app: FastifyInstance) {
  const cache = new VersionedCache<KeptAnswer>(maxKeptAnswers);
  // The next moment a list changes without a write is the same for every list until that moment passes
  // or something is written: asked once, not once per list computed.
  const visibilityChanges = new VersionedCache<Date | null>(1);
  // How many releases a list's filters hold, before its search (the table's total, recordsTotal: the same
  // whatever is searched, about 6 ms for a site's 8,000 releases) and with it (a common word's matches are
  // read in full to count them): kept, so that a search asked again, on another page or by another reader
  // of the same sight, is not counted again. The keys are the list's to write (releaseSource's countKey).
  const counts = new VersionedCache<number>(maxKeptCounts);
  // Releases' ids a list found: which releases a table's "contains" search finds (by the term, the fields
  // searched, what the access rule reads of the reader), and the matches of a searched list in the page's
  // order (by the count's key and the order), so that the same search asked again, with another page or a
  // parameter the list ignores, is neither searched nor counted again and its pages are slices of it. A
  // common term costs milliseconds of word indexes, and reading every match to count and order them.
  const idLists = new VersionedCache<readonly number[] | null>(maxKeptIdLists);

  async function kept(
    request: FastifyRequest,
    viewer: Viewer,
    key: string,
    compute: (version: number) => Promise<Computed<KeptAnswer>>,
  ): Promise<KeptAnswer> {
    const version = await readContentVersion(app.db, contentKinds.pressReleases);
    const fullKey = `${releaseSightKey(viewer)} ${request.language} ${key}`;
    return cache.get(fullKey, version, viewer.now, () => compute(version));
  }

  const nextChange = (version: number, now: Date) =>
    visibilityChanges.get('next', version, now, async () => {
      const next = await nextVisibilityChange(app.db, now);
      return { value: next, validUntil: next };
    });

  const send = (reply: FastifyReply, json: string) =>
    reply.type('application/json; charset=utf-8').send(json);

  return {
    async sendList<Row>(
      request: FastifyRequest,
      reply: FastifyReply,
      options: {
        viewer: Viewer;
        schema: z.ZodType;
        /**
         * The answer; `kept.count` keeps a count of the list (named by what it counts), `kept.ids` releases'
         * ids it found (named by what found them), each valid as long as the answer would be.
         */
        compute: (kept: KeptForList) => Promise<ListResult<Row> | { results: Row[] }>;
      },
    ): Promise<FastifyReply> {
      const url = request.raw.url ?? request.url;
      // The query as sent, less its draw: clients send their parameters in one order, and parsing and
      // sorting them would cost a good part of a kept answer's time.
      const drawMatch = drawParameter.exec(url);
      const query = drawMatch ? url.replace(drawParameter, '$1') : url;
      const key = `${request.site.address}${query}`;
      const answer = await kept(request, options.viewer, key, async (version) => {
        const { viewer } = options;
        const count: KeptCount = (countKey, counted) =>
          counts.get(countKey, version, viewer.now, async () => {
            const value = await counted();
            return { value, validUntil: await nextChange(version, viewer.now) };
          });
        const ids: KeptIds = (idsKey, find) =>
          idLists.get(idsKey, version, viewer.now, async () => {
            const value = await find();
            const keep = value === null || value.length <= maxKeptIds;
            return { value, validUntil: await nextChange(version, viewer.now), keep };
          });
        const orderedMatches = app.config.releaseSearchKeptMatches;
        const value = serialize(options.schema, await options.compute({ count, ids, orderedMatches }));
        if (tooLarge(value)) return { value, validUntil: null, keep: false };
        return { value, validUntil: await nextChange(version, options.viewer.now) };
      });
      if (answer.afterDraw === null) return send(reply, answer.json);
      const draw = requestedDraw(new URLSearchParams(drawMatch?.[0].slice(1) ?? ''));
      return send(reply, `{"draw":${draw},${answer.afterDraw}`);
    },

    /** One release; `compute` throws when the viewer may not see it (nothing is kept then). */
    async sendRelease<Release extends { embargoed: boolean }>(
      request: FastifyRequest,
      reply: FastifyReply,
      options: { viewer: Viewer; schema: z.ZodType; key: string; compute: () => Promise<Release> },
    ): Promise<FastifyReply> {
      const answer = await kept(request, options.viewer, options.key, async () => {
        const release = await options.compute();
        const value = serialize(options.schema, release);
        // A release out of embargo stays so as time goes on: only a write (a new version) changes it.
        return { value, validUntil: null, keep: !release.embargoed && !tooLarge(value) };
      });
      return send(reply, answer.json);
    },
  };
}
