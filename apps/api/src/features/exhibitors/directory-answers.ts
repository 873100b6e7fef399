import { contentKinds } from '@pressroom/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readContentVersions } from '../../lib/content-versions.ts';
import { createKeptPages, earliest, nextMidnight, type PageAnswer } from '../../lib/kept-pages.ts';
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
const kinds = [contentKinds.exhibitors, contentKinds.pressReleases];

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
  const validUntil = async (now: Date) => earliest(nextMidnight(now), await nextReleaseChange(app.db, now));
  const pages = createKeptPages(app, { kinds, validUntil, maxPages: maxKeptPages });

  return {
    /** The API's answer for the request's site and query (as sent), serialised as its schema says. */
    async sendDirectory(
      request: FastifyRequest,
      reply: FastifyReply,
      schema: z.ZodType,
      compute: () => Promise<object>,
    ): Promise<FastifyReply> {
      const query = (request.raw.url ?? request.url).split('?')[1] ?? '';
      const now = app.clock.now();
      const version = await readContentVersions(app.db, kinds);
      const json = await answers.get(
        `${request.site.id} ${query}`,
        version,
        now,
        async (): Promise<Computed<string>> => {
          const [text, until] = await Promise.all([
            compute().then((answer) => JSON.stringify(z.encode(schema, answer))),
            validUntil(now),
          ]);
          return { value: text, validUntil: until, keep: text.length <= maxKeptAnswerLength };
        },
      );
      return reply.type('application/json; charset=utf-8').send(json);
    },

    /** The server-rendered page for the site, its language, search and letter. */
    async sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      key: { language: string; search: string; letter: string | null; vary: string[] },
      render: () => Promise<string>,
    ): Promise<FastifyReply> {
      return pages.send(
        request,
        reply,
        JSON.stringify([request.site.id, request.site.address, key.language, key.search, key.letter]),
        async (): Promise<PageAnswer> => ({ kind: 'page', body: await render() }),
        key.vary,
      );
    },
  };
}
