import { type Language, publicPages, releaseSlug } from '@pressroom/contract';
import { contentKinds } from '@pressroom/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createKeptPages, type PageAnswer } from '../../lib/kept-pages.ts';
import { everyLanguage, knownLanguage, pageSiteOf, withLanguage } from '../../lib/public-page.ts';
import { exhibitorCoverageList } from '../coverage/index.ts';
import { createDirectoryAnswers } from './directory-answers.ts';
import { directoryForPage, exhibitorPage } from './public.ts';
import { renderDirectoryPage, renderExhibitorNotFoundPage, renderExhibitorPage } from './public-page.ts';
import { nextReleaseChange } from './repository.ts';

const exhibitorKey = /^(\d{1,9})(?:-([a-z0-9-]*))?$/;
/** A 1,500-exhibitor fair's pages in two languages: about 15 KB each with their compressed forms. */
const maxKeptExhibitorPages = 3000;

const pageQuery = z.object({
  lang: z.string().max(10).optional().describe('language of the page'),
});
// Whatever a reader types or a link carries: what the directory cannot use is left out, never an error page.
const directoryPageQuery = pageQuery.extend({
  search: z.string().max(500).optional(),
  letter: z.string().max(10).optional(),
});

/**
 * The exhibitors' public pages (decision 8, as the releases'): the directory of the site's current edition and
 * each exhibitor's press box in every language, for crawlers, link previews and readers without JavaScript.
 * Read through the feature's public service, on the request's site only; the rest answers a 404 page.
 */
export const exhibitorPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sendPage } = createDirectoryAnswers(app);
  // An exhibitor's page shows its press box, its releases public now, its events and its coverage.
  const exhibitorPages = createKeptPages(app, {
    kinds: [
      contentKinds.exhibitors,
      contentKinds.pressReleases,
      contentKinds.programme,
      contentKinds.coverage,
    ],
    validUntil: (now) => nextReleaseChange(app.db, now),
    maxPages: maxKeptExhibitorPages,
  });

  async function exhibitorPageAnswer(
    request: FastifyRequest,
    pageKey: string,
    requested: Language | null,
    language: Language,
  ): Promise<PageAnswer> {
    const missing = (): PageAnswer => ({
      kind: 'missing',
      body: renderExhibitorNotFoundPage(
        pageSiteOf(request),
        language,
        withLanguage(publicPages.exhibitors, language),
      ),
    });
    const match = exhibitorKey.exec(pageKey);
    if (!match) return missing();
    const page = await exhibitorPage(app, request, Number(match[1]), language);
    if (!page) return missing();
    const { exhibitor } = page;
    const pagePath = publicPages.exhibitor(exhibitor.id, releaseSlug(exhibitor.company.name));
    // A former name's address: the page as it is now.
    if (pageKey !== pagePath.slice(publicPages.exhibitors.length)) {
      return { kind: 'moved', location: requested ? withLanguage(pagePath, requested) : pagePath };
    }
    const address = request.site.address;
    const pageUrl = `${address}${pagePath}`;
    return {
      kind: 'page',
      body: renderExhibitorPage({
        site: pageSiteOf(request),
        language,
        exhibitor,
        canonicalUrl: withLanguage(pageUrl, language),
        alternates: everyLanguage(pageUrl),
        directoryUrl: withLanguage(publicPages.exhibitors, language),
        logoUrl: exhibitor.logo_url ? `${address}${exhibitor.logo_url}` : null,
        events: page.events,
        coverageList: await exhibitorCoverageList(app, request.site, exhibitor.id, language),
        releases: page.releases.flatMap((release) =>
          release.pagePath
            ? [
                {
                  url: withLanguage(release.pagePath, release.language),
                  title: release.title,
                  subtitle: '',
                  publicationDate: release.publicationDate,
                  language: release.language,
                },
              ]
            : [],
        ),
      }),
    };
  }

  app.get('/exhibitors', { schema: { hide: true } }, (request, reply) => {
    const query = (request.raw.url ?? '').split('?')[1];
    return reply.redirect(`${publicPages.exhibitors}${query ? `?${query}` : ''}`, 301);
  });

  app.get(
    publicPages.exhibitors,
    { schema: { hide: true, querystring: directoryPageQuery } },
    async (request, reply) => {
      const language = knownLanguage(request.query.lang) ?? request.language;
      const search = (request.query.search ?? '').trim().slice(0, 100);
      const letter = /^([A-Za-z]|#)$/.test(request.query.letter ?? '')
        ? (request.query.letter ?? '').toUpperCase()
        : null;
      const vary = request.query.lang ? [] : ['Accept-Language'];
      return sendPage(request, reply, { language, search, letter, vary }, async () => {
        const directory = await directoryForPage(app, request, {
          search: search || undefined,
          letter: letter ?? undefined,
        });
        const pageUrl = `${request.site.address}${publicPages.exhibitors}`;
        const directoryUrl = withLanguage(publicPages.exhibitors, language);
        return renderDirectoryPage({
          site: pageSiteOf(request),
          language,
          canonicalUrl: withLanguage(pageUrl, language),
          alternates: everyLanguage(pageUrl),
          directoryUrl,
          edition: directory?.edition ?? null,
          halls: directory?.halls ?? [],
          letters: directory?.letters ?? [],
          exhibitors: (directory?.results ?? []).map((entry) => ({
            ...entry,
            url: withLanguage(publicPages.exhibitor(entry.id, releaseSlug(entry.company.name)), language),
          })),
          search,
          letter,
        });
      });
    },
  );

  app.get(
    '/exhibitors/:key',
    { schema: { hide: true, params: z.object({ key: z.string() }), querystring: pageQuery } },
    async (request, reply) => {
      const requested = knownLanguage(request.query.lang);
      const language = requested ?? request.language;
      const key = JSON.stringify([
        request.site.id,
        request.site.address,
        request.params.key,
        requested,
        language,
      ]);
      return exhibitorPages.send(
        request,
        reply,
        key,
        () => exhibitorPageAnswer(request, request.params.key, requested, language),
        requested ? [] : ['Accept-Language'],
      );
    },
  );
};
