import {
  languages,
  programmeEventTypes,
  programmeLimits,
  programmeOrganiserKinds,
  publicPages,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  everyLanguage,
  htmlType,
  knownLanguage,
  pageSiteOf,
  sendMissingPage,
  sendWithEtag,
  withLanguage,
} from '../../lib/public-page.ts';
import {
  type ProgrammePageFilter,
  renderEventNotFoundPage,
  renderEventPage,
  renderProgrammePage,
} from './public-page.ts';
import { eventForPage, programmeForPage } from './public-page-service.ts';

const eventKey = /^(\d{1,9})(?:-([a-z0-9-]*))?$/;

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
      if (!request.query.lang) reply.header('vary', 'Accept-Language');
      return sendWithEtag(request, reply, htmlType, body);
    },
  );

  app.get(
    '/programme/:key',
    { schema: { hide: true, params: z.object({ key: z.string() }), querystring: pageQuery } },
    async (request, reply) => {
      const requested = knownLanguage(request.query.lang);
      const language = requested ?? request.language;
      const programmeUrl = withLanguage(publicPages.programme, language);
      const notFound = () =>
        sendMissingPage(reply, renderEventNotFoundPage(pageSiteOf(request), language, programmeUrl));
      const match = eventKey.exec(request.params.key);
      if (!match) return notFound();
      const page = await eventForPage(app, request.site.id, Number(match[1]), language);
      if (!page) return notFound();
      const { event } = page;
      // A former title's address: the page as it is now.
      if (request.params.key !== event.path.slice(publicPages.programme.length)) {
        return reply
          .code(301)
          .header('cache-control', 'public, max-age=3600')
          .redirect(requested ? withLanguage(event.path, requested) : event.path, 301);
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
      if (!requested) reply.header('vary', 'Accept-Language');
      return sendWithEtag(request, reply, htmlType, body);
    },
  );
};
