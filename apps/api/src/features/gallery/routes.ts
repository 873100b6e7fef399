import path from 'node:path';
import {
  apiPaths,
  galleryCategoryCreateSchema,
  galleryCategorySchema,
  galleryCategoryUpdateSchema,
  galleryCreateSchema,
  galleryDetailSchema,
  galleryDownloadRequestSchema,
  galleryDownloadSchema,
  galleryImageSchema,
  galleryImageUpdateSchema,
  galleryTagsSchema,
  galleryTreeNodeSchema,
  galleryUpdateSchema,
  galleryUploadResultSchema,
  idParamSchema,
  idSchema,
  textSchema,
} from '@pressroom/contract';
import { galleryImages } from '@pressroom/db';
import { asc, desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryLinkScope } from '../../access/index.ts';
import { notFound, validationError } from '../../lib/api-error.ts';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { isFirstRead, sendStoredFile } from '../../lib/file-response.ts';
import { variantExtension } from '../../lib/gallery-files.ts';
import { printIsOriginal, renditionPath } from '../../lib/image-renditions.ts';
import { hasSignature, signedOrPermission, signerFor } from '../../lib/signed-urls.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { receiveForm, registerMultipart, uploadLimits } from '../../lib/uploads.ts';
import { sendZip } from '../../lib/zip-download.ts';
import { readerParam, withReader } from '../../plugins/read-counter.ts';
import { videosForReader } from '../videos/index.ts';
import * as downloads from './downloads.ts';
import { derivedPath } from './image-files.ts';
import { presentCategory, presentGallery, presentImage, presentImagesWithTags } from './presenter.ts';
import * as renditions from './renditions.ts';
import type { CategoryRow, GalleryRow, ImageRow } from './repository.ts';
import * as repository from './repository.ts';
import * as service from './service.ts';
import * as tagsRepository from './tags-repository.ts';

const idParams = z.object({ id: idParamSchema });
const detail = z.object({ detail: z.string() });

/** Pictures one upload request may carry, 10 × UPLOAD_MAX_BYTES together (the web app sends one per request). */
const galleryFilesPerUpload = 50;

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const pressArea = app.requirePermission('press_area.access');
  const fileAccess = signedOrPermission(app, 'press_area.access');
  // Who may edit which gallery is the service's rule; this only turns away, before reading the body, those
  // who may edit none.
  const galleryEditor = app.requireAnyPermission('gallery.manage_all', 'gallery.write_own_company');
  const viewer = (request: { user: service.Viewer['user']; site: { id: number } }) => ({
    user: request.user,
    siteId: request.site.id,
  });

  /**
   * Signs links for the request's site to files of what `shown` holds, saying what the caller may see of it,
   * so that each link is checked again when it is fetched.
   */
  const signerShowing = (request: FastifyRequest, shown: Parameters<typeof galleryLinkScope>[1]) =>
    service.scopedSigner(signerFor(app, request), galleryLinkScope(viewer(request), shown));

  /**
   * Whom a file or a ZIP is served for: by a signed link (its signature checked by fileAccess), the viewer it
   * names, with what they may see now rather than when it was made; else the caller.
   */
  const fileViewer = async (request: FastifyRequest) => {
    if (!hasSignature(request)) return viewer(request);
    const named = await service.linkViewer(app, request.site.id, request.raw.url ?? request.url);
    if (!named) throw notFound();
    return named;
  };

  /** One picture as the image answers give it, with its tags, signed for the request's site. */
  const presentOneImage = async (
    request: FastifyRequest,
    found: { image: ImageRow; gallery: GalleryRow; category: CategoryRow },
  ) =>
    (
      await presentImagesWithTags(
        app,
        signerShowing(request, [found]),
        [found.image],
        request.user?.id ?? null,
        readerParam(request),
      )
    )[0];

  /** A gallery's answer: its totals, its place in the tree, its download link signed for the caller. */
  const presentOneGallery = async (
    request: FastifyRequest,
    found: { gallery: GalleryRow; category: CategoryRow },
  ) => {
    const sign = signerShowing(request, [found]);
    return presentGallery(
      sign,
      found.gallery,
      await repository.galleryTotals(app.db, found.gallery.id),
      await service.categoryPath(app, found.gallery.categoryId),
      // The press area's own: its videos are never embedded elsewhere.
      await videosForReader(
        app,
        { galleryId: found.gallery.id },
        { language: request.language, address: sign, isPublic: false },
      ),
    );
  };

  app.get(
    apiPaths.galleryTree,
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: 'The category tree of this site with its galleries',
        querystring: z.object({ all_sites: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(galleryTreeNodeSchema) },
      },
    },
    async (request) =>
      service.galleryTree(app, viewer(request), { allSites: request.query.all_sites === 'true' }),
  );

  app.get(
    '/api/press_room/gallery/galleries/:id/',
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: 'One gallery: names, place in the tree, size, download link',
        params: idParams,
        response: { 200: galleryDetailSchema },
      },
    },
    async (request) => {
      return presentOneGallery(
        request,
        await service.visibleGallery(app, viewer(request), request.params.id),
      );
    },
  );

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

  const tagId = z.coerce.number({ error: 'fieldInvalid' }).pipe(idSchema).optional();
  app.get(
    '/api/press_room/gallery/tagged_images/',
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: "Images of the site's published galleries showing a company or a brand, paged",
        querystring: listQuerySchema.extend({
          company: tagId.describe('images showing this company'),
          brand: tagId.describe('images showing this brand (or a company carrying it)'),
        }),
        response: { 200: listResponseSchema(galleryImageSchema) },
      },
    },
    async (request) => {
      const siteId = request.site.id;
      const filter = { company: request.query.company, brand: request.query.brand };
      // Exactly one of them: the list is of one company's or one brand's pictures.
      if ((filter.company === undefined) === (filter.brand === undefined)) {
        throw validationError({ company: ['fieldInvalid'] });
      }
      return listResponse(request, {
        columns: {
          id: { expression: galleryImages.id },
          caption: { expression: galleryImages.captions },
          credit: { expression: galleryImages.credit },
          keywords: { expression: repository.imageKeywordsText },
          created_at: { expression: galleryImages.createdAt, searchable: false },
        },
        defaultOrder: [desc(galleryImages.createdAt)],
        tiebreaker: [asc(galleryImages.id)],
        pageSize: 24,
        source: {
          count: (where) => tagsRepository.countShowing(app.db, siteId, filter, where, app.clock.now()),
          rows: async (options) =>
            presentImagesWithTags(
              app,
              signerFor(app, request),
              await tagsRepository.pageShowing(app.db, siteId, filter, options, app.clock.now()),
              request.user?.id ?? null,
              readerParam(request),
            ),
        },
      });
    },
  );

  app.get(
    '/api/press_room/gallery/tag_choices/',
    {
      preValidation: galleryEditor,
      schema: {
        tags: ['gallery editing'],
        summary: 'Companies or brands to tag images with, whose name contains the search (at most 20)',
        querystring: z.object({
          kind: z.enum(['companies', 'brands'], { error: 'fieldInvalid' }),
          search: textSchema().trim().max(100, { error: 'tooLong' }).default(''),
        }),
        response: {
          200: z.object({ results: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
        },
      },
    },
    async (request) => ({
      results: await tagsRepository.tagChoices(app.db, request.query.kind, request.query.search),
    }),
  );

  app.get(
    '/api/press_room/gallery/tags/',
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: "Companies and brands shown by images of the site's published galleries",
        response: { 200: galleryTagsSchema },
      },
    },
    async (request) => tagsRepository.tagsOnSite(app.db, request.site.id, app.clock.now()),
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
    apiPaths.galleryDownload,
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: 'Prepares a ZIP of a gallery or a selection: size check, credits, and the link to fetch it',
        body: galleryDownloadRequestSchema,
        response: { 200: galleryDownloadSchema, 400: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => {
      const selection = request.body;
      const plan = await downloads.planDownload(app, viewer(request), selection, request.language);
      const ids = (list: { id: number }[]) => list.map(({ id }) => id).join(',');
      const query =
        selection.gallery !== undefined
          ? `gallery=${selection.gallery}`
          : [
              plan.images.length > 0 ? `images=${ids(plan.images.map(({ image }) => image))}` : '',
              plan.videos.length > 0 ? `videos=${ids(plan.videos)}` : '',
            ]
              .filter(Boolean)
              .join('&');
      return {
        url: service.scopedSigner(
          signerFor(app, request),
          plan.scope,
        )(withReader(`${apiPaths.galleryDownload}?${query}&lang=${request.language}`, readerParam(request))),
        file_name: plan.fileName,
        file_count: plan.images.length + plan.videos.length,
        total_size: plan.totalSize,
        credits: plan.credits.map(downloads.presentCredit),
      };
    },
  );

  app.get(
    apiPaths.galleryDownload,
    {
      preValidation: fileAccess,
      compress: false,
      schema: {
        tags: ['gallery'],
        summary: 'The ZIP of a gallery or a selection (streamed), with its videos and CREDITS.txt',
        querystring: z.looseObject({
          gallery: idParamSchema.optional(),
          images: z
            .string()
            .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, { error: 'fieldInvalid' })
            .optional(),
          videos: z
            .string()
            .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, { error: 'fieldInvalid' })
            .optional(),
          lang: z.string().max(5).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { gallery, images, videos, lang } = request.query;
      const language = lang && /^[a-z]{2}$/.test(lang) ? lang : request.language;
      const plan = await downloads.planDownload(
        app,
        await fileViewer(request),
        { gallery, images: images?.split(',').map(Number), videos: videos?.split(',').map(Number) },
        language,
        { fromLink: hasSignature(request) },
      );
      app.readCounter.count(request, 'zip_download');
      for (const { image } of plan.images) app.readCounter.count(request, 'image_download', image.id);
      for (const video of plan.videos) app.readCounter.count(request, 'video_download', video.id);
      return sendZip(request, reply, {
        fileName: plan.fileName,
        files: downloads.zipEntries(plan),
        texts: [
          {
            name: 'CREDITS.txt',
            content: downloads.creditsText(plan, language, request.site.name, app.clock.now()),
          },
        ],
      });
    },
  );

  // ------------------------------------------------------------ editing

  app.post(
    apiPaths.galleryCategories,
    {
      preValidation: app.requirePermission('gallery.manage_all'),
      schema: {
        tags: ['gallery editing'],
        summary: 'Creates a category (a root, or under a parent)',
        body: galleryCategoryCreateSchema,
        response: { 201: galleryCategorySchema },
      },
    },
    async (request, reply) => {
      const row = await service.createCategory(app, request.user, request.site.id, request.body);
      return reply.code(201).send(presentCategory(row));
    },
  );

  app.patch(
    '/api/press_room/gallery/categories/:id/',
    {
      preValidation: app.requirePermission('gallery.manage_all'),
      schema: {
        tags: ['gallery editing'],
        summary: 'Renames, moves, reorders a category or changes its sites',
        params: idParams,
        body: galleryCategoryUpdateSchema,
        response: { 200: galleryCategorySchema },
      },
    },
    async (request) =>
      presentCategory(await service.updateCategory(app, request.user, request.params.id, request.body)),
  );

  app.delete(
    '/api/press_room/gallery/categories/:id/',
    {
      preValidation: app.requirePermission('gallery.manage_all'),
      schema: { tags: ['gallery editing'], summary: 'Deletes an empty category', params: idParams },
    },
    async (request, reply) => {
      await service.deleteCategory(app, request.user, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    apiPaths.galleries,
    {
      preValidation: galleryEditor,
      schema: {
        tags: ['gallery editing'],
        summary: "Creates a gallery (company agents: a draft of their company's)",
        body: galleryCreateSchema,
        response: { 201: galleryDetailSchema },
      },
    },
    async (request, reply) => {
      const row = await service.createGallery(app, request.user, request.body);
      return reply
        .code(201)
        .send(
          await presentOneGallery(request, await repository.findGallery(app.db, row.id, app.clock.now())),
        );
    },
  );

  app.patch(
    '/api/press_room/gallery/galleries/:id/',
    {
      preValidation: galleryEditor,
      schema: {
        tags: ['gallery editing'],
        summary: 'Renames, moves, reorders, publishes a gallery',
        params: idParams,
        body: galleryUpdateSchema,
        response: { 200: galleryDetailSchema },
      },
    },
    async (request) => {
      const row = await service.updateGallery(app, request.user, request.params.id, request.body);
      return presentOneGallery(request, await repository.findGallery(app.db, row.id, app.clock.now()));
    },
  );

  app.delete(
    '/api/press_room/gallery/galleries/:id/',
    {
      preValidation: galleryEditor,
      schema: { tags: ['gallery editing'], summary: 'Deletes a gallery and its images', params: idParams },
    },
    async (request, reply) => {
      await service.deleteGallery(app, request.user, request.params.id);
      return reply.code(204).send();
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
