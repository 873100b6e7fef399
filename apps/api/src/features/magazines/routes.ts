import {
  apiPaths,
  idParamSchema,
  magazineFacetsSchema,
  magazineFieldsSchema,
  magazineFiltersSchema,
  magazineSchema,
  magazineUpdateFieldsSchema,
} from '@pressroom/contract';
import { magazines } from '@pressroom/db';
import { asc, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/api-error.ts';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { isFirstRead, sendStoredFile } from '../../lib/file-response.ts';
import { signedOrPermission, signerFor } from '../../lib/signed-urls.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { parseFormFields, receiveForm, registerMultipart, uploadLimits } from '../../lib/uploads.ts';
import { readerParam } from '../../plugins/read-counter.ts';
import { presentMagazine } from './presenter.ts';
import * as repository from './repository.ts';
import * as service from './service.ts';

const idParams = z.object({ id: idParamSchema });
const magazineCover = (row: repository.MagazineRow) => `${row.coverChecksum}.webp`;

export const magazineRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const pressArea = app.requirePermission('press_area.access');
  const manage = app.requirePermission('magazine.manage');

  app.get(
    apiPaths.magazines,
    {
      preValidation: pressArea,
      schema: {
        tags: ['magazines'],
        summary: 'Magazines of this site, filtered by kind, month, year and territory (newest first)',
        querystring: z.looseObject({ ...listQuerySchema.shape, ...magazineFiltersSchema.shape }),
        response: { 200: listResponseSchema(magazineSchema) },
      },
    },
    async (request) => {
      const { kind, month, year, territory } = request.query;
      const scope = { siteId: request.site.id, kind, month, year, territory: territory || undefined };
      return listResponse(request, {
        columns: {
          id: { expression: magazines.id },
          title: { expression: magazines.title },
          publisher: { expression: magazines.publisher },
          territory: { expression: magazines.territory },
          year: { expression: magazines.year },
          month: { expression: magazines.month },
        },
        defaultOrder: [desc(magazines.year), desc(magazines.month), asc(magazines.title)],
        tiebreaker: [asc(magazines.id)],
        pageSize: 24,
        source: {
          count: (where) => repository.countMagazines(app.db, scope, where),
          rows: async (options) =>
            (await repository.pageMagazines(app.db, scope, options)).map((row) =>
              presentMagazine(signerFor(app, request), row, readerParam(request)),
            ),
        },
      });
    },
  );

  app.get(
    apiPaths.magazineFacets,
    {
      preValidation: pressArea,
      schema: {
        tags: ['magazines'],
        summary: 'The years and territories that have magazines (to fill the filters)',
        querystring: magazineFiltersSchema.pick({ kind: true }),
        response: { 200: magazineFacetsSchema },
      },
    },
    async (request) => repository.facets(app.db, { siteId: request.site.id, kind: request.query.kind }),
  );

  app.get(
    '/api/press_room/magazine/:id/',
    {
      preValidation: pressArea,
      schema: {
        tags: ['magazines'],
        summary: 'One magazine',
        params: idParams,
        response: { 200: magazineSchema },
      },
    },
    async (request) => {
      const row = await repository.findMagazine(app.db, request.params.id);
      if (!row?.groupIds.includes(request.site.id)) throw notFound();
      return presentMagazine(signerFor(app, request), row, readerParam(request));
    },
  );

  app.get(
    '/api/press_room/magazine/:id/:variant/:file',
    {
      preValidation: signedOrPermission(app, 'press_area.access'),
      compress: false,
      schema: {
        tags: ['magazines'],
        summary: "A magazine's cover (WebP) or PDF; signed URL or Authorization header; Range, ETag",
        params: z.object({
          id: idParamSchema,
          variant: z.enum(['cover', 'pdf']),
          file: z.string().max(120),
        }),
      },
    },
    async (request, reply) => {
      const { id, variant, file } = request.params;
      const row = await repository.findMagazine(app.db, id);
      if (!row) throw notFound();
      if (variant === 'cover') {
        if (!row.coverPath || file !== magazineCover(row)) throw notFound();
        return sendStoredFile(request, reply, {
          key: row.coverPath,
          mime: 'image/webp',
          etag: `${row.coverChecksum}-cover`,
          fileName: `${row.title}.webp`,
          disposition: 'inline',
        });
      }
      if (!row.pdfPath || file !== `${row.pdfChecksum}.pdf`) throw notFound();
      if (isFirstRead(request)) app.readCounter.count(request, 'magazine_download', row.id);
      return sendStoredFile(request, reply, {
        key: row.pdfPath,
        mime: 'application/pdf',
        etag: row.pdfChecksum as string,
        fileName: row.pdfName ?? `${row.title}.pdf`,
        disposition: 'inline',
      });
    },
  );

  app.post(
    apiPaths.magazines,
    {
      preValidation: manage,
      schema: {
        tags: ['magazines editing'],
        summary: 'Adds a magazine (multipart: fields, optional files cover and pdf)',
        response: { 201: magazineSchema },
      },
    },
    async (request, reply) => {
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        uploadLimits('non_field_errors', { files: 2, fileSize: app.config.uploadMaxBytes }),
      );
      try {
        const fields = parseFormFields(magazineFieldsSchema, form, ['groups']);
        const row = await service.createMagazine(app, request.site.id, fields, form);
        return reply.code(201).send(presentMagazine(signerFor(app, request), row));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.patch(
    '/api/press_room/magazine/:id/',
    {
      preValidation: manage,
      schema: {
        tags: ['magazines editing'],
        summary: 'Changes a magazine (multipart: any fields, cover, pdf, remove_pdf=true)',
        params: idParams,
        response: { 200: magazineSchema },
      },
    },
    async (request) => {
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        uploadLimits('non_field_errors', { files: 2, fileSize: app.config.uploadMaxBytes }),
      );
      try {
        const fields = parseFormFields(magazineUpdateFieldsSchema, form, ['groups']);
        return presentMagazine(
          signerFor(app, request),
          await service.updateMagazine(app, request.params.id, fields, form),
        );
      } finally {
        await form.cleanup();
      }
    },
  );

  app.delete(
    '/api/press_room/magazine/:id/',
    {
      preValidation: manage,
      schema: { tags: ['magazines editing'], summary: 'Deletes a magazine', params: idParams },
    },
    async (request, reply) => {
      await service.deleteMagazine(app, request.params.id);
      return reply.code(204).send();
    },
  );
};
