import { apiPaths, publicPages } from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendWithEtag } from '../../lib/public-page.ts';
import { renderRobots, renderSitemap } from '../../lib/sitemap.ts';
import { coverageSitemapEntries } from '../coverage/index.ts';
import { exhibitorSitemapEntries } from '../exhibitors/index.ts';
import { releaseSitemapEntries } from '../press-releases/index.ts';
import { programmeSitemapEntries } from '../programme/index.ts';

/**
 * The site's sitemap.xml and robots.txt: every server-rendered public page of the request's site, each
 * feature naming its own. The lists first, then the exhibitors and the programme of the current edition, "In
 * the press", then the releases newest first: what the protocol's 50,000 addresses would cut is the oldest releases.
 */
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(publicPages.sitemap, { schema: { hide: true } }, async (request, reply) => {
    const [releases, exhibitors, programme, coverage] = await Promise.all([
      releaseSitemapEntries(app, request.site),
      exhibitorSitemapEntries(app, request.site),
      programmeSitemapEntries(app, request.site),
      coverageSitemapEntries(app, request.site),
    ]);
    const body = renderSitemap([releases.list, ...exhibitors, ...programme, ...coverage, ...releases.pages]);
    return sendWithEtag(request, reply, 'application/xml; charset=utf-8', body);
  });

  app.get(publicPages.robots, { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderRobots(request.site.address, apiPaths.pressReleaseFeed)),
  );
};
