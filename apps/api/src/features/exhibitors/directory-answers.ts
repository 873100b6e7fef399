import { contentKinds } from '@pressroom/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readCombinedContentVersion } from '../../lib/content-versions.ts';
import { etagOf, htmlType, sendWithEtag } from '../../lib/public-page.ts';
import { type Computed, VersionedCache } from '../../lib/versioned-cache.ts';
import { nextReleaseChange } from './repository.ts';

/**
 * The directory's answers kept per server (decision 5, as the public release lists): a page of the API is a
 * few KB (100 exhibitors at most), the server-rendered page of a whole fair a few hundred; a larger one is
 * computed each time. At most 64 MB for the API's and 64 MB for the pages.
 */
const maxKeptAnswers = 1000;
const maxKeptAnswerLength = 64 * 1024;
const maxKeptPages = 32;
const maxKeptPageLength = 2 * 1024 * 1024;

interface KeptPage {
  body: string;
  etag: string;
}

/**
 * The exhibitors' directory (the API's answer and the /exhibitors/ page), answered from memory while nothing
 * it shows has changed: the 'exhibitors' content version (editions, exhibitors, stands, companies, brands,
 * press boxes, raised by triggers in the writer's transaction, whichever server writes) plus the
 * 'press_releases' one (the "news" marks), read together as one row. Time changes it without a write too: the
 * current edition is chosen by the day (UTC), and a release coming out of embargo makes news, so an answer is
 * kept until the next midnight or the next embargo end, whichever comes first. Neither answer depends on the
 * reader (signed in or not); the API's does not depend on the language, the page's does.
 */
export function createDirectoryAnswers(app: FastifyInstance) {
  const answers = new VersionedCache<string>(maxKeptAnswers);
  const pages = new VersionedCache<KeptPage>(maxKeptPages);

  const version = () =>
    readCombinedContentVersion(app.db, contentKinds.exhibitors, contentKinds.pressReleases);

  async function validUntil(now: Date) {
    const midnight = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    midnight.setUTCDate(midnight.getUTCDate() + 1);
    const embargo = await nextReleaseChange(app.db, now);
    return embargo && embargo < midnight ? embargo : midnight;
  }

  async function kept<T>(
    cache: VersionedCache<T>,
    key: string,
    compute: () => Promise<{ value: T; length: number; limit: number }>,
  ): Promise<T> {
    const now = app.clock.now();
    return cache.get(key, await version(), now, async (): Promise<Computed<T>> => {
      const until = await validUntil(now);
      const { value, length, limit } = await compute();
      return { value, validUntil: until, keep: length <= limit };
    });
  }

  return {
    /** The API's answer for the request's site and query (as sent), serialised as its schema says. */
    async sendDirectory(
      request: FastifyRequest,
      reply: FastifyReply,
      schema: z.ZodType,
      compute: () => Promise<object>,
    ): Promise<FastifyReply> {
      const query = (request.raw.url ?? request.url).split('?')[1] ?? '';
      const json = await kept(answers, `${request.site.id} ${query}`, async () => {
        const text = JSON.stringify(z.encode(schema, await compute()));
        return { value: text, length: text.length, limit: maxKeptAnswerLength };
      });
      return reply.type('application/json; charset=utf-8').send(json);
    },

    /** The server-rendered page for the site, its language, search and letter. */
    async sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      key: { language: string; search: string; letter: string | null },
      render: () => Promise<string>,
    ): Promise<FastifyReply> {
      const page = await kept(
        pages,
        JSON.stringify([request.site.id, request.site.address, key.language, key.search, key.letter]),
        async () => {
          const body = await render();
          return { value: { body, etag: etagOf(body) }, length: body.length, limit: maxKeptPageLength };
        },
      );
      return sendWithEtag(request, reply, htmlType, page.body, page.etag);
    },
  };
}
