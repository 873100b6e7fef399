import { coveragePageSize, mediaTypes, publicPages } from '@pressroom/contract';
import { contentKinds } from '@pressroom/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextVisibilityChange } from '../../access/index.ts';
import { createKeptPages, type PageAnswer } from '../../lib/kept-pages.ts';
import { everyLanguage, knownLanguage, pageSiteOf, withLanguage } from '../../lib/public-page.ts';
import { type CoveragePageFilter, renderCoveragePage } from './public-page.ts';
import * as repository from './repository.ts';
import * as service from './service.ts';

// Whatever a reader types or a link carries: a filter the page cannot use is left out, never an error page.
const pageQuery = z.object({
  lang: z.string().max(10).optional().describe('language of the page'),
  country: z.string().max(100).optional(),
  language: z.string().max(100).optional(),
  media_type: z.string().max(100).optional(),
  page: z.string().max(20).optional(),
});

const maxPage = 10_000;
/** A site's first pages per filter and language are what readers open; later pages are computed again. */
const maxKeptPages = 500;

/**
 * "In the press" (decision 20, in the frame of decision 8): the site's approved coverage, newest first, a page
 * at a time, with filters a plain GET form sets, in every language.
 */
export const coveragePageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The pieces, the releases they name (shown while public, so an embargo's end changes them) and the
  // exhibitors they name.
  const pages = createKeptPages(app, {
    kinds: [contentKinds.coverage, contentKinds.pressReleases, contentKinds.exhibitors],
    validUntil: (now) => nextVisibilityChange(app.db, now),
    maxPages: maxKeptPages,
  });

  app.get('/in-the-press', { schema: { hide: true } }, (request, reply) => {
    const query = (request.raw.url ?? '').split('?')[1];
    return reply.redirect(`${publicPages.coverage}${query ? `?${query}` : ''}`, 301);
  });

  app.get(
    publicPages.coverage,
    { schema: { hide: true, querystring: pageQuery } },
    async (request, reply) => {
      const language = knownLanguage(request.query.lang) ?? request.language;
      const country = (request.query.country ?? '').trim().toUpperCase();
      const spoken = (request.query.language ?? '').trim().toLowerCase();
      const mediaType = (mediaTypes as readonly string[]).includes(request.query.media_type ?? '')
        ? (request.query.media_type as CoveragePageFilter['mediaType'])
        : null;
      const filter: CoveragePageFilter = {
        country: /^[A-Z]{2}$/.test(country) ? country : null,
        language: /^[a-z]{2}$/.test(spoken) ? spoken : null,
        mediaType,
      };
      const asked = Number.parseInt(request.query.page ?? '1', 10);
      const page = Number.isFinite(asked) && asked >= 1 ? Math.min(asked, maxPage) : 1;
      const render = async (): Promise<PageAnswer> => {
        const [list, facets] = await Promise.all([
          service.publicList(app, request.site, {
            country: filter.country ?? undefined,
            language: filter.language ?? undefined,
            media_type: filter.mediaType ?? undefined,
            page,
            page_size: coveragePageSize,
          }),
          repository.publicFacets(app.db, request.site.id),
        ]);
        const pageUrl = `${request.site.address}${publicPages.coverage}`;
        const body = renderCoveragePage({
          site: pageSiteOf(request),
          language,
          canonicalUrl: withLanguage(pageUrl, language),
          alternates: everyLanguage(pageUrl),
          pagePath: publicPages.coverage,
          filter,
          facets,
          rows: list.rows,
          count: list.count,
          page,
          pageSize: coveragePageSize,
        });
        return { kind: 'page', body };
      };
      const key = JSON.stringify([request.site.id, request.site.address, language, filter, page]);
      return pages.send(request, reply, key, render, request.query.lang ? [] : ['Accept-Language']);
    },
  );
};
