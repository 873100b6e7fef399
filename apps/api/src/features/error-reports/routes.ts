import { apiPaths, errorReportRequest, errorReportSchema } from '@pressroom/contract';
import { errorReports } from '@pressroom/db';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListSource, listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { presentErrorReport } from './presenters.ts';
import {
  type ErrorReportRow,
  errorReportColumns,
  errorReportSource,
  insertErrorReport,
} from './repository.ts';

function presented(source: ListSource<ErrorReportRow>): ListSource<z.infer<typeof errorReportSchema>> {
  return {
    count: source.count,
    rows: async (options) => (await source.rows(options)).map(presentErrorReport),
  };
}

/** Reports of the crash-report dialog: anyone may send one (rate limited), administrator_global reads them. */
export const errorReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back office: error reports'];
  const limit = app.limitRequests('error-report', app.config.errorReportsPerIp, (request) => request.ip);

  app.post(
    apiPaths.errorReports,
    {
      preValidation: limit,
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'Send a crash report (signed in or not)',
        body: errorReportRequest,
        response: { 201: z.object({ id: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const row = await insertErrorReport(app.db, {
        createdAt: app.clock.now(),
        level: body.level,
        message: body.message,
        name: body.name,
        email: body.email,
        comments: body.comments,
        url: body.url,
        stack: body.stack,
        userAgent: body.user_agent || String(request.headers['user-agent'] ?? '').slice(0, 500),
        language: request.language,
        site: request.site.name,
        userId: request.user?.id ?? null,
      });
      return reply.code(201).send({ id: row.id });
    },
  );

  app.get(
    apiPaths.errorReports,
    {
      preValidation: app.requirePermission('error_report.read'),
      schema: {
        tags,
        summary: 'Crash reports (DataTables or pages), newest first',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(errorReportSchema) },
      },
    },
    async (request) =>
      listResponse(request, {
        regexSearch: true,
        columns: errorReportColumns,
        defaultOrder: [desc(errorReports.createdAt)],
        tiebreaker: [desc(errorReports.id)],
        source: presented(errorReportSource(app.db)),
      }),
  );
};
