import { apiPaths, campaignReadKind, coverRenditionsOf, publicPages, releaseSlug } from '@pressroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { htmlType, pageSiteOf, sendMissingPage, sendWithEtag, withLanguage } from '../../lib/public-page.ts';
import { releaseWinnersSection } from '../award/index.ts';
import { releaseCoverageList } from '../coverage/index.ts';
import { releaseVoices } from '../press-contacts/index.ts';
import { releasePageVideos } from '../videos/index.ts';
import { keptSocialImage } from './files-service.ts';
import { releaseSource } from './list-repository.ts';
import { coverOf, fileUrl, releasePagePath, thumbnailUrl } from './presenter.ts';
import {
  knownLanguage,
  type PageFile,
  type PageReleaseItem,
  renderListPage,
  renderNotFoundPage,
  renderReleasePage,
} from './public-page.ts';
import { relatedReleases } from './related-releases.ts';
import { filesForLanguage, findPublicReleaseByNumber, pickTranslation } from './release-detail-repository.ts';
import {
  type ReleaseFileRow,
  type ReleaseSummaryRow,
  releaseDefaultOrder,
  releaseTiebreaker,
  type Viewer,
} from './release-rows.ts';

const releaseKey = /^(\d{4})-(\d{1,9})(?:-([a-z0-9-]*))?$/;
const socialImageSize = { width: 1200, height: 630 } as const;
const pageSize = 20;

const languageQuery = z.object({
  lang: z.string().max(10).optional().describe('language of the page (a translation of the release)'),
});

/** Releases of a list as the pages show them: each at its public page, in the language it is shown in. */
const pageItems = (address: string, rows: ReleaseSummaryRow[]): PageReleaseItem[] =>
  rows.flatMap((row) => {
    const pagePath = releasePagePath(row);
    return pagePath
      ? [
          {
            url: withLanguage(`${address}${pagePath}`, row.language),
            title: row.title,
            subtitle: row.subtitle,
            publicationDate: row.publicationDate,
            language: row.language,
          },
        ]
      : [];
  });

/**
 * The public face of releases for crawlers, link previews and readers without JavaScript (decision 8): a page
 * per public release and language, the list of a site's releases, its sitemap, robots.txt and the social
 * card image. Only what anyone may read now (published, out of embargo, of the request's site) appears; the
 * rest answers a 404 page marked noindex. Nothing is kept in memory: each answer is computed from the
 * database, so two servers and an embargo's end agree at once.
 */
export const pressReleasePageRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicViewer = (): Viewer => ({ pressAccess: false, now: app.clock.now() });
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply, language: string) =>
    sendMissingPage(reply, renderNotFoundPage(pageSiteOf(request), language));

  app.get('/releases', { schema: { hide: true } }, (request, reply) => {
    const query = (request.raw.url ?? '').split('?')[1];
    return reply.redirect(`${publicPages.releases}${query ? `?${query}` : ''}`, 301);
  });

  app.get(
    '/releases/',
    {
      schema: {
        hide: true,
        querystring: languageQuery.extend({ page: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const language = knownLanguage(request.query.lang) ?? request.language;
      const page = /^\d{1,6}$/.test(request.query.page ?? '') ? Math.max(Number(request.query.page), 1) : 1;
      const rows = await releaseSource(app.db, publicViewer(), { group: request.site.id }, language).rows({
        where: undefined,
        orderBy: [...releaseDefaultOrder, ...releaseTiebreaker],
        limit: pageSize + 1,
        offset: (page - 1) * pageSize,
      });
      if (rows.length === 0 && page > 1) return notFoundPage(request, reply, language);
      const address = request.site.address;
      const listUrl = (number: number) =>
        `${address}${publicPages.releases}?lang=${language}${number > 1 ? `&page=${number}` : ''}`;
      const body = renderListPage({
        site: pageSiteOf(request),
        language,
        canonicalUrl: listUrl(page),
        newerUrl: page > 1 ? listUrl(page - 1) : null,
        olderUrl: rows.length > pageSize ? listUrl(page + 1) : null,
        releases: pageItems(address, rows.slice(0, pageSize)),
      });
      if (!request.query.lang) reply.header('vary', 'Accept-Language');
      return sendWithEtag(request, reply, htmlType, body);
    },
  );

  app.get(
    '/releases/:key',
    {
      schema: {
        hide: true,
        params: z.object({ key: z.string() }),
        querystring: languageQuery.extend({
          // The campaign whose mail linked here: its reads are counted in aggregate, never who read.
          campaign: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const requested = knownLanguage(request.query.lang);
      const match = releaseKey.exec(request.params.key);
      if (!match) return notFoundPage(request, reply, requested ?? request.language);
      const [year, number] = [Number(match[1]), Number(match[2])];
      const now = app.clock.now();
      const release = await findPublicReleaseByNumber(app.db, now, request.site.id, year, number);
      if (!release?.number) return notFoundPage(request, reply, requested ?? request.language);

      const pagePath = publicPages.release(year, number, releaseSlug(release.slugTitle));
      const translation = requested
        ? release.translations.find((candidate) => candidate.language === requested)
        : pickTranslation(release.translations, request.language);
      // An old title's address, or a language the release is not written in: the page as it is now.
      if (request.params.key !== pagePath.slice(publicPages.releases.length) || !translation) {
        return reply
          .code(301)
          .header('cache-control', 'public, max-age=3600')
          .redirect(translation && requested ? withLanguage(pagePath, requested) : pagePath, 301);
      }

      // A reader of the page without the app (robots are left out by the counter).
      app.readCounter.count(request, 'release_view', release.id);
      if (request.query.campaign) app.readCounter.count(request, campaignReadKind, request.query.campaign);
      const address = request.site.address;
      const pageUrl = `${address}${pagePath}`;
      const language = translation.language;
      const files = await filesForLanguage(app.db, release.id, language);
      const asPageFile = (file: ReleaseFileRow): PageFile => ({
        url: fileUrl(file.id),
        thumbnailUrl: file.thumbnailPath ? thumbnailUrl(file.id) : null,
        screenSources:
          file.kind === 'image'
            ? coverRenditionsOf(file.width).map(({ step, width }) => ({
                width,
                webpUrl: apiPaths.pressReleaseFileCover(file.id, step, 'webp'),
                jpegUrl: apiPaths.pressReleaseFileCover(file.id, step, 'jpeg'),
              }))
            : [],
        title: file.title,
        credit: file.kind === 'image' ? file.credit : null,
        fileName: file.originalName,
        contentType: file.contentType,
        size: file.size,
        width: file.width,
        height: file.height,
      });
      const images = files.filter((file) => file.kind === 'image');
      const cover = coverOf(files, release.coverFileId);
      const voices = await releaseVoices(app, {
        siteId: request.site.id,
        viewer: { pressAccess: false, now },
        releaseId: release.id,
        language,
      });
      const coverageList = await releaseCoverageList(app, request.site, release.id, language);
      const winnersSection = await releaseWinnersSection(app, request.site, release.id, language);
      const company = typeof release.company === 'string' ? JSON.parse(release.company) : release.company;
      // What the web app shows under the release: the same company's, then the nearest by text; public only.
      const related = await relatedReleases(
        app.db,
        publicViewer(),
        {
          id: release.id,
          companyId: release.companyId,
          title: translation.title,
          subtitle: translation.subtitle,
        },
        request.site.id,
        knownLanguage(language) ?? 'en',
      );
      const body = renderReleasePage({
        site: { ...pageSiteOf(request), logoUrl: `${address}/favicon.svg` },
        language,
        id: release.id,
        year,
        number,
        publicationDate: release.publicationDate,
        published:
          release.embargoUntil ?? release.publishedAt ?? new Date(`${release.publicationDate}T00:00:00Z`),
        modified: release.updatedAt,
        title: translation.title,
        subtitle: translation.subtitle,
        body: translation.body,
        excerpt: translation.excerpt,
        company: company ? { name: company.name, website: company.website, brands: company.brands } : null,
        canonicalUrl: withLanguage(pageUrl, language),
        alternates: release.translations.map((candidate) => ({
          language: candidate.language,
          url: withLanguage(pageUrl, candidate.language),
        })),
        defaultUrl: pageUrl,
        socialImage: cover
          ? {
              url: `${address}${publicPages.releaseSocialImage(year, number)}`,
              ...socialImageSize,
              alt: cover.title || translation.title,
              credit: cover.credit,
            }
          : null,
        images: images.map(asPageFile),
        videos: await releasePageVideos(app, release.id, language),
        attachments: files.filter((file) => file.kind !== 'image').map(asPageFile),
        contacts: voices.contacts,
        coverageList,
        winnersSection,
        boilerplate: voices.boilerplate?.text ?? null,
        related: pageItems(address, related),
        pressRoomUrl: `/#/press-release/${release.id}`,
      });
      if (!requested) reply.header('vary', 'Accept-Language');
      return sendWithEtag(request, reply, htmlType, body);
    },
  );

  app.get(
    '/releases/:key/social-image.jpg',
    { schema: { hide: true, params: z.object({ key: z.string() }) } },
    async (request, reply) => {
      const match = /^(\d{4})-(\d{1,9})$/.exec(request.params.key);
      const release = match
        ? await findPublicReleaseByNumber(
            app.db,
            app.clock.now(),
            request.site.id,
            Number(match[1]),
            Number(match[2]),
          )
        : null;
      const image = release
        ? coverOf(await filesForLanguage(app.db, release.id, null), release.coverFileId)
        : undefined;
      if (!image) {
        return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('');
      }
      const etag = `"${image.sha256.slice(0, 32)}-social"`;
      if (request.headers['if-none-match'] === etag) {
        return reply.code(304).header('etag', etag).header('cache-control', 'public, max-age=3600').send();
      }
      const key = await keptSocialImage(app.storage, image, socialImageSize, app.config.imageMaxPixels);
      const stream = await app.storage.read(key);
      return reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=3600')
        .type('image/jpeg')
        .send(stream);
    },
  );
};
