import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  apiPaths,
  type ImportEvent,
  idParamSchema,
  importColumnsQuery,
  importColumnsResponse,
  importListRowSchema,
  importRowSchema,
  importRowsQuery,
  importRunRequest,
  importSchema,
} from '@pressroom/contract';
import { companyImportRows, companyImports } from '@pressroom/db';
import { asc, desc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListSource, listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { jobNames } from '../../plugins/jobs.ts';
import { ImportJobs, silentRunSeconds } from './jobs.ts';
import { isUnderWay, presentImport, presentImportRow } from './presenters.ts';
import {
  importColumns,
  importRowColumns,
  importRowSource,
  importSource,
  markInterruptedImports,
  recordImportProgress,
} from './repository.ts';
import {
  describeColumns,
  getImport,
  type ImportDeps,
  importFor,
  receiveUpload,
  startJob,
  targetsFillableBy,
} from './service.ts';

const idParams = z.object({ id: idParamSchema });

function presented<Row, Out>(source: ListSource<Row>, present: (row: Row) => Out): ListSource<Out> {
  return { count: source.count, rows: async (options) => (await source.rows(options)).map(present) };
}

/**
 * Imports from Access and CSV files: of companies and exhibitors (company.import: associated-companies and
 * global admins) and of a site's coverage (press_release.manage_all: its press office). Either may use the
 * wizard; an import is seen and run only by those who may fill its target (others are told it does not exist),
 * and its target is fixed when its file is uploaded.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = new ImportJobs(
    (id, progress) => recordImportProgress(app.db, id, progress, app.clock.now()),
    (error) => app.log.warn({ err: error }, "an import's progress could not be written; the run goes on"),
  );
  const deps: ImportDeps = {
    db: app.db,
    clock: app.clock,
    jobs,
    dataDir: app.config.dataDir,
    storage: app.storage,
    maxBytes: app.config.importMaxBytes,
    maxRows: app.config.importMaxRows,
    log: app.log,
  };
  const canImport = app.requireAnyPermission('company.import', 'press_release.manage_all');
  const tags = ['back office: imports'];

  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  // A run cannot survive its server: its transaction is gone, so say so instead of showing it running forever.
  // Only runs whose server fell silent: another app server may be carrying one out right now (its heartbeat).
  const markInterrupted = () => {
    const now = app.clock.now();
    return markInterruptedImports(app.db, now, new Date(now.getTime() - silentRunSeconds * 1000));
  };
  app.addHook('onReady', async () => {
    await markInterrupted();
  });
  await app.jobs.schedule(jobNames.interruptedImports, '* * * * *', markInterrupted);
  app.addHook('onClose', async () => {
    await jobs.drain();
  });

  async function eventFor(request: FastifyRequest, id: number): Promise<ImportEvent> {
    const detail = presentImport(request, await getImport(deps, id), jobs.progress(id));
    return {
      status: detail.status,
      progress: detail.progress,
      summary: detail.status === 'checked' ? detail.dry_run : detail.status === 'done' ? detail.report : null,
      error: detail.error,
    };
  }

  /** text/event-stream of the job's progress until it ends; the last event carries the outcome. */
  function streamProgress(request: FastifyRequest, reply: FastifyReply, id: number) {
    const stream = new PassThrough();
    const write = (event: ImportEvent) => stream.write(`data: ${JSON.stringify(event)}\n\n`);
    const finish = async () => {
      try {
        write(await eventFor(request, id));
      } finally {
        stream.end();
      }
    };
    if (!jobs.isRunning(id)) {
      // Under way on another app server (or over already): follow its row until the run ends.
      let timer: NodeJS.Timeout | null = null;
      let closed = false;
      request.raw.on('close', () => {
        closed = true;
        if (timer) clearTimeout(timer);
      });
      const follow = async () => {
        try {
          const record = await getImport(deps, id);
          if (closed) return;
          if (!isUnderWay(record) || jobs.isRunning(id)) return void (await finish());
          write({
            status: record.status as ImportEvent['status'],
            progress: presentImport(request, record, null).progress,
            summary: null,
            error: null,
          });
          timer = setTimeout(() => void follow(), 1000);
        } catch (error) {
          request.log.warn({ err: error, importId: id }, 'following an import failed');
          stream.end();
        }
      };
      void follow();
    } else {
      const unsubscribe = jobs.subscribe(id, (kind) => {
        if (kind === 'end') {
          unsubscribe();
          void finish();
          return;
        }
        const progress = jobs.progress(id);
        if (progress) {
          write({
            status: progress.phase === 'dry_run' ? 'checking' : 'importing',
            progress,
            summary: null,
            error: null,
          });
        }
      });
      request.raw.on('close', unsubscribe);
      const progress = jobs.progress(id);
      write({
        status: progress?.phase === 'dry_run' ? 'checking' : 'importing',
        progress,
        summary: null,
        error: null,
      });
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream);
  }

  const wantsStream = (request: FastifyRequest) =>
    (request.headers.accept ?? '').includes('text/event-stream');

  app.get(
    apiPaths.imports,
    {
      preValidation: canImport,
      schema: {
        tags,
        summary:
          'Import history (DataTables or pages), newest first: the imports of the targets the caller may fill',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(importListRowSchema) },
      },
    },
    async (request) =>
      listResponse(request, {
        regexSearch: true,
        columns: importColumns,
        defaultOrder: [desc(companyImports.createdAt)],
        tiebreaker: [desc(companyImports.id)],
        source: presented(importSource(app.db, targetsFillableBy(request.user!.permissions)), (record) =>
          presentImport(request, record, jobs.progress(record.id)),
        ),
      }),
  );

  app.post(
    apiPaths.imports,
    {
      preValidation: canImport,
      schema: {
        tags,
        summary:
          'Upload an Access (.mdb, .accdb) or CSV file (multipart field "file", after an optional "target")',
        consumes: ['multipart/form-data'],
        response: { 201: importSchema },
      },
    },
    async (request, reply) => {
      const record = await receiveUpload(deps, request, {
        userId: request.user!.id,
        permissions: request.user!.permissions,
      });
      const detail = await getImport(deps, record.id);
      return reply.code(201).send(presentImport(request, detail, null));
    },
  );

  app.get(
    '/api/back_office/imports/:id/',
    {
      preValidation: canImport,
      schema: {
        tags,
        summary: 'An import, with its progress while it runs',
        params: idParams,
        response: { 200: importSchema },
      },
    },
    async (request) =>
      presentImport(
        request,
        await importFor(deps, request.params.id, request.user!.permissions),
        jobs.progress(request.params.id),
      ),
  );

  app.get(
    '/api/back_office/imports/:id/columns/',
    {
      preValidation: canImport,
      schema: {
        tags,
        summary: 'Columns of the chosen table (or CSV) with samples and suggested company fields',
        params: idParams,
        querystring: importColumnsQuery,
        response: { 200: importColumnsResponse },
      },
    },
    async (request) => describeColumns(deps, request.params.id, request.query, request.user!.permissions),
  );

  for (const [suffix, phase] of [
    ['dry_run', 'dry_run'],
    ['run', 'import'],
  ] as const) {
    app.post(
      `/api/back_office/imports/:id/${suffix}/`,
      {
        preValidation: canImport,
        compress: false,
        schema: {
          tags,
          summary:
            phase === 'dry_run'
              ? 'Check every row without changing anything (Accept: text/event-stream streams the progress)'
              : 'Import in one transaction (Accept: text/event-stream streams the progress)',
          params: idParams,
          body: importRunRequest,
          response: { 202: importSchema },
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        // Nothing here reads the database once the job has started: with the embedded database, the job's
        // transaction holds it until the end.
        const started = await startJob(deps, id, phase, request.body, {
          userId: request.user!.id,
          siteId: request.site.id,
          permissions: request.user!.permissions,
        });
        if (wantsStream(request)) return streamProgress(request, reply, id);
        return reply.code(202).send(presentImport(request, started, jobs.progress(id)));
      },
    );
  }

  app.get(
    '/api/back_office/imports/:id/progress/',
    {
      preValidation: canImport,
      compress: false,
      schema: {
        tags,
        summary: 'Progress of the running dry run or import as text/event-stream; ends with the outcome',
        params: idParams,
      },
    },
    async (request, reply) => {
      await importFor(deps, request.params.id, request.user!.permissions);
      return streamProgress(request, reply, request.params.id);
    },
  );

  app.get(
    '/api/back_office/imports/:id/rows/',
    {
      preValidation: canImport,
      schema: {
        tags,
        summary: 'Per-row report: every row of the import, or the rows of the dry run that need attention',
        params: idParams,
        querystring: listQuerySchema.extend(importRowsQuery.shape),
        response: { 200: listResponseSchema(importRowSchema) },
      },
    },
    async (request) => {
      await importFor(deps, request.params.id, request.user!.permissions);
      return listResponse(request, {
        regexSearch: true,
        columns: importRowColumns,
        defaultOrder: [asc(companyImportRows.rowNumber)],
        tiebreaker: [asc(companyImportRows.id)],
        source: presented(
          importRowSource(app.db, request.params.id, {
            phase: request.query.phase,
            outcome: request.query.outcome,
          }),
          (row) => presentImportRow(request, row),
        ),
      });
    },
  );
};
