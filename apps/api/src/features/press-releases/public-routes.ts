import {
  featuredReleasesSchema,
  type Language,
  languages,
  pressReleaseListItemSchema,
  pressReleaseSchema,
  pressReleaseYearSchema,
  releaseCompanyOptionSchema,
  translateMessage,
} from '@pressroom/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { releaseLinkScope, viewerOf } from '../../access/index.ts';
import { notFound } from '../../lib/api-error.ts';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { videosForReader } from '../videos/index.ts';
import { featuredReleaseRows } from './featured-repository.ts';
import { renderReleaseFeed } from './feed.ts';
import { serveHomeFirstScreen } from './home-first-screen.ts';
import {
  companiesWithReleases,
  releaseSource,
  releaseYearColumns,
  releaseYearsSource,
} from './list-repository.ts';
import { addressOf, presentCompany, presentDetail, presentListItem } from './presenter.ts';
import { createPublicAnswers } from './public-answers.ts';
import { relatedReleases } from './related-releases.ts';
import { filesForLanguage, findVisibleRelease } from './release-detail-repository.ts';
import { type ReleaseFilters, releaseDefaultOrder, releaseTiebreaker, type Viewer } from './release-rows.ts';
import { tableTextSearch } from './table-search.ts';
import { releaseColumns } from './text-search-repository.ts';

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const optionalId = z.preprocess(
  blankIsAbsent,
  z.coerce
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(1, { error: 'fieldInvalid' })
    .max(2_147_483_647, { error: 'fieldInvalid' })
    .optional(),
);

export const releaseFilterQuery = z.object({
  group: optionalId.describe('press group (site) id'),
  year: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: 'fieldInvalid' })
      .int({ error: 'fieldInvalid' })
      .min(1900, { error: 'fieldInvalid' })
      .max(9999, { error: 'fieldInvalid' })
      .optional(),
  ),
  language: z
    .preprocess(blankIsAbsent, z.enum(languages, { error: 'fieldInvalid' }).optional())
    .describe('only releases written in this language, shown in it'),
  company: optionalId.describe('company id'),
  brand: optionalId.describe('brand id: releases of the companies carrying it'),
  search: z
    .preprocess(blankIsAbsent, z.string().max(200, { error: 'tooLong' }).optional())
    .describe('full-text search in the language of each text'),
});

type FilterQuery = z.infer<typeof releaseFilterQuery>;

function filtersOf(query: FilterQuery): ReleaseFilters {
  return {
    group: query.group,
    year: query.year,
    language: query.language,
    company: query.company,
    brand: query.brand,
    search: query.search?.replaceAll('\u0000', ''),
  };
}

/** The language to show text in: the `language` parameter, else the Accept-Language header. */
const textLanguage = (request: FastifyRequest, query: { language?: Language }) =>
  query.language ?? request.language;

/** Database ids are positive int4; anything else in the path is simply not found (as DRF answers). */
export function parseId(value: string): number {
  if (!/^\d{1,10}$/.test(value)) throw notFound();
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

export const pressReleasePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sendList, sendRelease } = createPublicAnswers(app);
  const releaseListSchema = listResponseSchema(pressReleaseListItemSchema);
  const yearListSchema = listResponseSchema(pressReleaseYearSchema);
  // The first page of the list, its years and companies also come with index.html: Home's first screen.
  serveHomeFirstScreen(app);

  app.get(
    '/api/press_room/press_release/',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['press releases'],
        summary: 'Published press releases (embargoed ones only for signed-in press users)',
        querystring: listQuerySchema.extend(releaseFilterQuery.shape),
        response: { 200: releaseListSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      return sendList(request, reply, {
        viewer,
        schema: releaseListSchema,
        compute: async (kept) => {
          const filters = filtersOf(request.query);
          // The table's total, how many its searches find, their matches in order and what its "contains"
          // searches find are kept rather than counted and searched per request.
          const source = releaseSource(app.db, viewer, filters, textLanguage(request, request.query), kept);
          const page = await listResponse(request, {
            columns: releaseColumns(tableTextSearch(viewer, kept.ids)),
            defaultOrder: releaseDefaultOrder,
            tiebreaker: releaseTiebreaker,
            source,
          });
          return 'data' in page
            ? { ...page, data: page.data.map(presentListItem) }
            : { ...page, results: page.results.map(presentListItem) };
        },
      });
    },
  );

  app.get(
    '/api/press_room/press_release_years/',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['press releases'],
        summary: 'Years with published releases, newest first, with how many each',
        querystring: listQuerySchema.extend(releaseFilterQuery.shape),
        response: { 200: yearListSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      return sendList(request, reply, {
        viewer,
        schema: yearListSchema,
        compute: () =>
          listResponse(request, {
            columns: releaseYearColumns,
            defaultOrder: [sql`"years"."year" desc`],
            tiebreaker: [],
            // The old client asks for years without a length and expects them all; there are few.
            pageSize: 1000,
            source: releaseYearsSource(app.db, viewer, filtersOf(request.query)),
          }),
      });
    },
  );

  const companyListSchema = z.object({ results: z.array(releaseCompanyOptionSchema) });
  app.get(
    '/api/press_room/press_release_companies/',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['press releases'],
        summary:
          'Member companies with releases the caller may read, by name, with their brands and how many',
        querystring: z.object({ group: releaseFilterQuery.shape.group }),
        response: { 200: companyListSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      return sendList(request, reply, {
        viewer,
        schema: companyListSchema,
        compute: async () => ({
          results: (await companiesWithReleases(app.db, viewer, request.query.group)).map((company) => ({
            ...presentCompany(company),
            count: company.count,
          })),
        }),
      });
    },
  );

  app.get(
    '/api/press_room/press_release_featured/',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['press releases'],
        summary:
          "The releases the press office features at the top of a site's Home that the caller may read",
        querystring: z.object({
          group: releaseFilterQuery.shape.group,
          language: releaseFilterQuery.shape.language,
        }),
        response: { 200: featuredReleasesSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const language = textLanguage(request, request.query);
      return sendList(request, reply, {
        viewer,
        schema: featuredReleasesSchema,
        compute: async () => ({
          results: (
            await featuredReleaseRows(app.db, viewer, request.query.group ?? request.site.id, language)
          ).map(presentListItem),
        }),
      });
    },
  );

  const relatedListSchema = z.object({ results: z.array(pressReleaseListItemSchema) });
  app.get(
    '/api/press_room/press_release/:id/related/',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['press releases'],
        summary: "Up to four releases of the site to read next: the same company's, then the nearest by text",
        params: z.object({ id: z.string() }),
        querystring: z.object({ language: releaseFilterQuery.shape.language }),
        response: { 200: relatedListSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const id = parseId(request.params.id);
      const language = textLanguage(request, request.query);
      return sendList(request, reply, {
        viewer,
        schema: relatedListSchema,
        compute: async () => {
          const release = await findVisibleRelease(app.db, viewer, id, language);
          if (!release) throw notFound();
          const rows = await relatedReleases(app.db, viewer, release, request.site.id, language);
          return { results: rows.map(presentListItem) };
        },
      });
    },
  );

  app.get(
    '/api/press_room/press_release/feed.atom',
    {
      schema: {
        tags: ['press releases'],
        summary: "Atom feed of a site's public releases (never embargoed ones), in one language",
        querystring: z.object({
          group: releaseFilterQuery.shape.group,
          language: releaseFilterQuery.shape.language,
          company: releaseFilterQuery.shape.company,
          brand: releaseFilterQuery.shape.brand,
        }),
      },
    },
    async (request, reply) => {
      // A feed is public whoever asks: readers and aggregators share it, so embargoed releases never enter.
      const viewer: Viewer = { pressAccess: false, now: app.clock.now() };
      const groupId = request.query.group ?? request.site.id;
      const language = textLanguage(request, request.query);
      const source = releaseSource(
        app.db,
        viewer,
        {
          group: groupId,
          language: request.query.language,
          company: request.query.company,
          brand: request.query.brand,
        },
        language,
      );
      const rows = await source.rows({
        where: undefined,
        orderBy: [...releaseDefaultOrder, ...releaseTiebreaker],
        limit: 50,
        offset: 0,
      });
      const siteName =
        [...app.sites.byName.values()].find((site) => site.id === groupId)?.name ?? request.site.name;
      // The site's configured address: a Host header is the client's to set, and this answer is cached.
      const origin = request.site.address;
      const xml = renderReleaseFeed({
        origin,
        selfUrl: `${origin}${request.raw.url ?? request.url}`,
        title: translateMessage(language, 'pressReleasesFeedTitle', { site: siteName }),
        language,
        updated: app.clock.now(),
        entries: rows.map(presentListItem),
      });
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(xml);
    },
  );

  app.get(
    '/api/press_room/press_release/:id/',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['press releases'],
        summary: 'One release in the reader language (404 when not visible to the caller)',
        params: z.object({ id: z.string() }),
        querystring: z.object({ language: releaseFilterQuery.shape.language }),
        response: { 200: pressReleaseSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const id = parseId(request.params.id);
      const language = textLanguage(request, request.query);
      const answer: FastifyReply = await sendRelease(request, reply, {
        viewer,
        schema: pressReleaseSchema,
        key: `release ${id} ${language}`,
        compute: async () => {
          const release = await findVisibleRelease(app.db, viewer, id, language);
          if (!release) throw notFound();
          const files = await filesForLanguage(app.db, release.id, release.language);
          const signer = {
            secret: app.config.secretKey,
            now: viewer.now,
            site: request.site.id,
            sign: release.embargoed,
            // The press's links, the same for every press user of the site.
            scope: releaseLinkScope(
              { user: null, siteId: request.site.id, now: viewer.now },
              { status: 'published', groups: release.groups },
            ),
          };
          const videos = await videosForReader(
            app,
            { pressReleaseId: release.id },
            // Visible and out of embargo: anyone may read it, so its videos may be embedded.
            { language: release.language, address: addressOf(signer), isPublic: !release.embargoed },
          );
          return presentDetail(release, files, signer, videos);
        },
      });
      app.readCounter.count(request, 'release_view', id);
      return answer;
    },
  );
};
