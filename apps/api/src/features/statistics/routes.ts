import { apiPaths, statisticsQuerySchema, statisticsSchema } from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './service.ts';

const tags = ['statistics'];

/**
 * What was read and downloaded (decision 11): aggregate figures for the press office (any site, period and member
 * company) and for a member company's administrators (their own releases and pictures: the post-fair
 * report), as JSON for the dashboard, CSV and a PDF report.
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requireAnyPermission('press_release.manage_all', 'press_release.publish_own_company');

  app.get(
    apiPaths.statistics,
    {
      preValidation: readers,
      schema: {
        tags,
        summary:
          "Views and downloads of a period (default: the site's current edition and the last 30 days), by kind, day, item, media type, country",
        querystring: statisticsQuerySchema,
        response: { 200: statisticsSchema },
      },
    },
    async (request) => {
      const scope = await service.scopeFor(app, request.user!, request.query, request.site.id);
      return service.statistics(app, scope, request.language);
    },
  );

  app.get(
    apiPaths.statisticsCsv,
    {
      preValidation: readers,
      schema: { tags, summary: "The period's counted rows as CSV", querystring: statisticsQuerySchema },
    },
    async (request, reply) => {
      const scope = await service.scopeFor(app, request.user!, request.query, request.site.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="press-room-figures-${scope.from}-${scope.to}.csv"`,
        )
        .send(await service.csv(app, scope, request.language));
    },
  );

  app.get(
    apiPaths.statisticsReport,
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "The period's report as a PDF, in the reader's language",
        querystring: statisticsQuerySchema,
      },
    },
    async (request, reply) => {
      const scope = await service.scopeFor(app, request.user!, request.query, request.site.id);
      const figures = await service.statistics(app, scope, request.language);
      const site = [...app.sites.byName.values()].find((entry) => entry.id === scope.siteId);
      const pdf = await service.pdfReport(figures, request.language, site?.name ?? request.site.name);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="press-room-report-${scope.from}-${scope.to}.pdf"`,
        )
        .send(Buffer.from(pdf));
    },
  );
};
