import {
  apiPaths,
  idParamSchema,
  languages,
  type PressKitDocument,
  pressKitDocumentSchema,
  pressKitFieldsSchema,
  pressKitSchema,
  pressKitUpdateSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, permissionDenied } from '../../lib/api-error.ts';
import { isFirstRead, sendStoredFile } from '../../lib/file-response.ts';
import { type Signer, signedOrPermission, signerFor } from '../../lib/signed-urls.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { parseFormFields, receiveForm, registerMultipart, uploadLimits } from '../../lib/uploads.ts';
import { sendZip } from '../../lib/zip-download.ts';
import { readerParam, withReader } from '../../plugins/read-counter.ts';
import * as repository from './repository.ts';
import * as service from './service.ts';

const idParams = z.object({ id: idParamSchema });

function presentDocument(sign: Signer, row: repository.PressKitRow, reader = ''): PressKitDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    language: row.language,
    position: row.position,
    groups: row.groupIds,
    file_name: row.fileName,
    size: row.size,
    mime: row.mime,
    url: sign(withReader(`/api/press_room/press_kit/${row.id}/file/${row.checksum}`, reader)),
  };
}

export const pressKitRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const pressArea = app.requirePermission('press_area.access');
  const manage = app.requirePermission('press_kit.manage');
  const languageQuery = z.object({
    language: z.enum([...languages, 'all'], { error: 'fieldInvalid' }).optional(),
  });

  app.get(
    apiPaths.pressKit,
    {
      preValidation: pressArea,
      schema: {
        tags: ['press kit'],
        summary: "The site's press kit in the reader's language (or the fallback), ordered",
        description: 'language=all (press office only) lists every language, for the editing screen.',
        querystring: languageQuery,
        response: { 200: pressKitSchema },
      },
    },
    async (request) => {
      const requested = request.query.language ?? request.language;
      if (requested === 'all') {
        if (!request.user?.permissions.has('press_kit.manage')) throw permissionDenied();
        const documents = await repository.documentsOfSite(app.db, null);
        return {
          language: 'all',
          documents: documents.map((row) => presentDocument(signerFor(app, request), row)),
          total_size: 0,
          zip_url: null,
        };
      }
      const kit = await service.kitFor(app, request.site.id, requested);
      const sign = signerFor(app, request);
      return {
        language: kit.language,
        documents: kit.documents.map((row) => presentDocument(sign, row, readerParam(request))),
        total_size: kit.documents.reduce((sum, row) => sum + row.size, 0),
        zip_url:
          kit.documents.length > 0
            ? sign(withReader(`${apiPaths.pressKitZip}?language=${kit.language}`, readerParam(request)))
            : null,
      };
    },
  );

  app.get(
    apiPaths.pressKitZip,
    {
      preValidation: signedOrPermission(app, 'press_area.access'),
      compress: false,
      schema: {
        tags: ['press kit'],
        summary: 'The whole kit in one language as one streamed ZIP',
        querystring: z.looseObject({ language: z.enum(languages, { error: 'fieldInvalid' }).optional() }),
      },
    },
    async (request, reply) => {
      const kit = await service.kitFor(app, request.site.id, request.query.language ?? request.language);
      service.checkKitSize(app, kit.documents);
      app.readCounter.count(request, 'zip_download');
      return sendZip(request, reply, {
        fileName: `${request.site.name} press kit (${kit.language}).zip`,
        files: kit.documents.map((row, index) => ({
          key: row.storagePath,
          // Numbered so the archive keeps the kit's order.
          name: `${String(index + 1).padStart(2, '0')} ${row.fileName}`,
          mime: row.mime,
          date: row.createdAt,
        })),
      });
    },
  );

  app.get(
    '/api/press_room/press_kit/:id/file/:checksum',
    {
      preValidation: signedOrPermission(app, 'press_area.access'),
      compress: false,
      schema: {
        tags: ['press kit'],
        summary: 'One document of the kit (Range, ETag, immutable)',
        params: z.object({ id: idParamSchema, checksum: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const row = await repository.findDocument(app.db, request.params.id);
      if (!row || row.checksum !== request.params.checksum) throw notFound();
      if (isFirstRead(request)) app.readCounter.count(request, 'press_kit_download', row.id);
      return sendStoredFile(request, reply, {
        key: row.storagePath,
        mime: row.mime,
        etag: row.checksum,
        fileName: row.fileName,
        disposition: 'attachment',
      });
    },
  );

  app.post(
    apiPaths.pressKit,
    {
      preValidation: manage,
      schema: {
        tags: ['press kit editing'],
        summary: 'Adds a document (multipart: title, description, language, position, groups, file)',
        response: { 201: pressKitDocumentSchema },
      },
    },
    async (request, reply) => {
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        uploadLimits('file', { files: 1, fileSize: app.config.uploadMaxBytes }),
      );
      try {
        const fields = parseFormFields(pressKitFieldsSchema, form, ['groups']);
        return reply
          .code(201)
          .send(
            presentDocument(
              signerFor(app, request),
              await service.addDocument(app, request.site.id, fields, form),
            ),
          );
      } finally {
        await form.cleanup();
      }
    },
  );

  app.patch(
    '/api/press_room/press_kit/:id/',
    {
      preValidation: manage,
      schema: {
        tags: ['press kit editing'],
        summary: "Changes a document's title, description, language, position or sites",
        params: idParams,
        body: pressKitUpdateSchema,
        response: { 200: pressKitDocumentSchema },
      },
    },
    async (request) =>
      presentDocument(
        signerFor(app, request),
        await service.updateDocument(app, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/press_room/press_kit/:id/',
    {
      preValidation: manage,
      schema: { tags: ['press kit editing'], summary: 'Removes a document', params: idParams },
    },
    async (request, reply) => {
      await service.deleteDocument(app, request.params.id);
      return reply.code(204).send();
    },
  );
};
