import path from 'node:path';
import {
  galleryImageSchema,
  galleryImageUpdateSchema,
  galleryUploadResultSchema,
  idParamSchema,
} from '@pressroom/contract';
import { galleryImages } from '@pressroom/db';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/api-error.ts';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { isFirstRead, sendStoredFile } from '../../lib/file-response.ts';
import { variantExtension } from '../../lib/gallery-files.ts';
import { printIsOriginal, renditionPath } from '../../lib/image-renditions.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { receiveForm, uploadLimits } from '../../lib/uploads.ts';
import { readerParam } from '../../plugins/read-counter.ts';
import { derivedPath } from './image-files.ts';
import { presentImage, presentImagesWithTags } from './presenter.ts';
import * as renditions from './renditions.ts';
import * as repository from './repository.ts';
import { galleryRouteSupport, idParams } from './route-support.ts';
import * as service from './service.ts';

const detail = z.object({ detail: z.string() });

/** Pictures one upload request may carry, 10 × UPLOAD_MAX_BYTES together (the web app sends one per request). */
const galleryFilesPerUpload = 50;

/** A gallery's images: its list, one image and its files, uploads, edits and deletion. */
export const galleryImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pressArea, fileAccess, galleryEditor, viewer, signerShowing, fileViewer, presentOneImage } =
    galleryRouteSupport(app);

  app.get(
    '/api/press_room/gallery/galleries/:id/images/',
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: "A gallery's images, paged (format=datatables or page/page_size)",
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(galleryImageSchema) },
      },
    },
    async (request) => {
      const found = await service.visibleGallery(app, viewer(request), request.params.id);
      const { gallery } = found;
      return listResponse(request, {
        columns: {
          id: { expression: galleryImages.id },
          position: { expression: galleryImages.position },
          caption: { expression: galleryImages.captions },
          credit: { expression: galleryImages.credit },
          keywords: { expression: repository.imageKeywordsText },
          original_name: { expression: galleryImages.originalName },
          size: { expression: galleryImages.size, searchable: false },
          created_at: { expression: galleryImages.createdAt, searchable: false },
        },
        defaultOrder: [asc(galleryImages.position)],
        tiebreaker: [asc(galleryImages.id)],
        pageSize: 24,
        source: {
          count: (where) => repository.countImages(app.db, gallery.id, where),
          rows: async (options) =>
            presentImagesWithTags(
              app,
              signerShowing(request, [found]),
              await repository.pageImages(app.db, gallery.id, options),
              request.user?.id ?? null,
              readerParam(request),
            ),
        },
      });
    },
  );

  app.get(
    '/api/press_room/gallery/images/:id/',
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: 'One image',
        params: idParams,
        response: { 200: galleryImageSchema },
      },
    },
    async (request) =>
      presentOneImage(request, await service.visibleImage(app, viewer(request), request.params.id)),
  );

  app.get(
    '/api/press_room/gallery/images/:id/:variant/:file',
    {
      preValidation: fileAccess,
      compress: false,
      schema: {
        tags: ['gallery'],
        summary:
          'An image file: the untouched original, its WebP preview (1600 px) or thumbnail (400 px), or the sRGB JPEG renditions for the web (1600 px) and print (3000 px, or the original when smaller)',
        description: 'Signed URLs from the image list, or an Authorization header. Range, ETag, immutable.',
        params: z.object({
          id: idParamSchema,
          variant: z.enum(['original', 'preview', 'thumbnail', 'web', 'print']),
          file: z.string().max(120),
        }),
      },
    },
    async (request, reply) => {
      const { id, variant, file } = request.params;
      const { image } = await service.visibleImage(app, await fileViewer(request), id);
      if (file !== `${image.checksum}${variantExtension(image, variant)}`) throw notFound();
      // The original and the renditions are downloads; the thumbnail and preview only show it.
      if ((variant === 'original' || variant === 'web' || variant === 'print') && isFirstRead(request)) {
        app.readCounter.count(request, 'image_download', image.id);
      }
      if (variant === 'original' || (variant === 'print' && printIsOriginal(image))) {
        return sendStoredFile(request, reply, {
          key: image.storagePath,
          mime: image.mime,
          etag: image.checksum,
          fileName: image.originalName,
          disposition: 'attachment',
        });
      }
      if (variant === 'web' || variant === 'print') {
        await renditions.ensureRenditions(app, image);
        return sendStoredFile(request, reply, {
          key: renditionPath(variant, image.checksum),
          mime: 'image/jpeg',
          etag: `${image.checksum}-${variant}`,
          fileName: `${path.parse(image.originalName).name}-${variant}.jpg`,
          disposition: 'attachment',
        });
      }
      return sendStoredFile(request, reply, {
        key: derivedPath(variant, image.checksum),
        mime: 'image/webp',
        etag: `${image.checksum}-${variant}`,
        fileName: `${path.parse(image.originalName).name}-${variant}.webp`,
        disposition: 'inline',
      });
    },
  );

  app.post(
    '/api/press_room/gallery/galleries/:id/images/',
    {
      preValidation: galleryEditor,
      schema: {
        tags: ['gallery editing'],
        summary: 'Uploads images (multipart: any number of files, optional credit and usage_terms fields)',
        params: idParams,
        response: { 201: galleryUploadResultSchema, 200: detail },
      },
    },
    async (request, reply) => {
      // Rights first, so nobody can make the server store and decode files they may not add.
      const target = await service.editableGallery(app, request.user, request.params.id);
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        uploadLimits('files', {
          files: galleryFilesPerUpload,
          fileSize: app.config.uploadMaxBytes,
          totalSize: 10 * app.config.uploadMaxBytes,
        }),
      );
      try {
        const rows = await service.addImages(app, request.user, request.params.id, form, request.language);
        return reply
          .code(201)
          .send({ images: rows.map((row) => presentImage(signerShowing(request, [target]), row)) });
      } finally {
        await form.cleanup();
      }
    },
  );

  app.patch(
    '/api/press_room/gallery/images/:id/',
    {
      preValidation: galleryEditor,
      schema: {
        tags: ['gallery editing'],
        summary:
          'Edits captions and alt texts per language, credit, usage terms, position, company and brand tags',
        params: idParams,
        body: galleryImageUpdateSchema,
        response: { 200: galleryImageSchema },
      },
    },
    async (request) => {
      return presentOneImage(
        request,
        await service.updateImage(app, request.user, request.params.id, request.body),
      );
    },
  );

  app.delete(
    '/api/press_room/gallery/images/:id/',
    {
      preValidation: galleryEditor,
      schema: { tags: ['gallery editing'], summary: 'Deletes an image', params: idParams },
    },
    async (request, reply) => {
      await service.deleteImage(app, request.user, request.params.id);
      return reply.code(204).send();
    },
  );
};
