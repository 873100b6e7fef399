import {
  languages,
  programmeEventTypes,
  programmeLimits,
  programmeOrganiserKinds,
  publicPages,
} from '@pressroom/contract';
import { contentKinds } from '@pressroom/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createKeptPages, nextMidnight, type PageAnswer } from '../../lib/kept-pages.ts';
import { everyLanguage, knownLanguage, pageSiteOf, withLanguage } from '../../lib/public-page.ts';
import {
  type ProgrammePageFilter,
  renderEventNotFoundPage,
  renderEventPage,
  renderProgrammePage,
} from './public-page.ts';
import { eventForPage, programmeForPage } from './public-page-service.ts';

const eventKey = /^(\d{1,9})(?:-([a-z0-9-]*))?$/;
// The events as shown, and the editions and organisers' names (the 'exhibitors' kind).
const kinds = [contentKinds.programme, contentKinds.exhibitors];
/** The programme's pages per filter and language, and an edition's event pages in a few languages. */
const maxKeptProgrammePages = 200;
const maxKeptEventPages = 2000;

const pageQuery = z.object({
  lang: z.string().max(10).optional().describe('language of the page'),
});
// Whatever a reader types or a link carries: a filter the programme cannot use is left out, never an error page.
const programmePageQuery = pageQuery.extend({
  type: z.string().max(100).optional(),
  hall: z.string().max(500).optional(),
  organiser: z.string().max(100).optional(),
  language: z.string().max(100).optional(),
});

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | null =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : null;

/**
 * The press programme's public pages (decision 8, as the releases' and exhibitors'): the site's current
 * edition's programme by day, with filters a plain GET form sets, and each approved or cancelled event in every
 * language. On the request's site only; anything else answers a 404 page.
 */
export const programmePageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The site's current edition is the day's: the programme changes at midnight (UTC) without a write.
  const programmePages = createKeptPages(app, {
    kinds,
    validUntil: async (now) => nextMidnight(now),
    maxPages: maxKeptProgrammePages,
  });
  // An event's page shows the event whatever the day: only a write changes it.
  const eventPages = createKeptPages(app, {
    kinds,
    validUntil: async () => null,
    maxPages: maxKeptEventPages,
  });

  app.get('/programme', { schema: { hide: true } }, (request, reply) => {
    const query = (request.raw.url ?? '').split('?')[1];
    return reply.redirect(`${publicPages.programme}${query ? `?${query}` : ''}`, 301);
  });

  app.get(
    publicPages.programme,
    { schema: { hide: true, querystring: programmePageQuery } },
    async (request, reply) => {
      const language = knownLanguage(request.query.lang) ?? request.language;
      const hall = (request.query.hall ?? '').trim().slice(0, programmeLimits.hall);
      const filter: ProgrammePageFilter = {
        type: oneOf(programmeEventTypes, request.query.type),
        hall: hall || null,
        organiser: oneOf(programmeOrganiserKinds, request.query.organiser),
        language: oneOf(languages, request.query.language),
      };
      const key = JSON.stringify([request.site.id, request.site.address, language, filter]);
      const render = async (): Promise<PageAnswer> => {
        const programme = await programmeForPage(app, request.site.id, language, {
          type: filter.type ?? undefined,
          hall: filter.hall ?? undefined,
          organiser: filter.organiser ?? undefined,
          language: filter.language ?? undefined,
        });
        const pageUrl = `${request.site.address}${publicPages.programme}`;
        const body = renderProgrammePage({
          site: pageSiteOf(request),
          language,
          canonicalUrl: withLanguage(pageUrl, language),
          alternates: everyLanguage(pageUrl),
          programmePath: publicPages.programme,
          edition: programme?.edition ?? null,
          halls: programme?.halls ?? [],
          events: programme?.events ?? [],
          filter,
        });
        return { kind: 'page', body };
      };
      return programmePages.send(request, reply, key, render, request.query.lang ? [] : ['Accept-Language']);
    },
  );

  app.get(
    '/programme/:key',
    { schema: { hide: true, params: z.object({ key: z.string() }), querystring: pageQuery } },
    async (request, reply) => {
      const requested = knownLanguage(request.query.lang);
      const language = requested ?? request.language;
      const pageKey = request.params.key;
      const render = async (): Promise<PageAnswer> => {
        const programmeUrl = withLanguage(publicPages.programme, language);
        const missing = (): PageAnswer => ({
          kind: 'missing',
          body: renderEventNotFoundPage(pageSiteOf(request), language, programmeUrl),
        });
        const match = eventKey.exec(pageKey);
        if (!match) return missing();
        const page = await eventForPage(app, request.site.id, Number(match[1]), language);
        if (!page) return missing();
        const { event } = page;
        // A former title's address: the page as it is now.
        if (pageKey !== event.path.slice(publicPages.programme.length)) {
          return { kind: 'moved', location: requested ? withLanguage(event.path, requested) : event.path };
        }
        const pageUrl = `${request.site.address}${event.path}`;
        const body = renderEventPage({
          site: pageSiteOf(request),
          language,
          edition: page.edition,
          event,
          canonicalUrl: withLanguage(pageUrl, language),
          alternates: everyLanguage(pageUrl),
          programmeUrl,
        });
        return { kind: 'page', body };
      };
      const key = JSON.stringify([request.site.id, request.site.address, pageKey, requested, language]);
      return eventPages.send(request, reply, key, render, requested ? [] : ['Accept-Language']);
    },
  );
};
