import {
  apiPaths,
  galleryCreateSchema,
  galleryDetailSchema,
  galleryTreeNodeSchema,
  galleryUpdateSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerMultipart } from '../../lib/uploads.ts';
import { galleryCategoryRoutes } from './category-routes.ts';
import { galleryDownloadRoutes } from './download-routes.ts';
import { galleryImageRoutes } from './image-routes.ts';
import * as repository from './repository.ts';
import { galleryRouteSupport, idParams } from './route-support.ts';
import * as service from './service.ts';
import { galleryTagRoutes } from './tag-routes.ts';

/**
 * The galleries: the category tree, one gallery, and the galleries' editing; the images, tags, categories and
 * downloads are registered from their own files, under this plugin's multipart parser.
 */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const { pressArea, galleryEditor, viewer, presentOneGallery } = galleryRouteSupport(app);

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

  await app.register(galleryImageRoutes);
  await app.register(galleryTagRoutes);
  await app.register(galleryCategoryRoutes);
  await app.register(galleryDownloadRoutes);
};
