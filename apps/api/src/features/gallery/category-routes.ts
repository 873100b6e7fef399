import {
  apiPaths,
  galleryCategoryCreateSchema,
  galleryCategorySchema,
  galleryCategoryUpdateSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCategory } from './presenter.ts';
import { idParams } from './route-support.ts';
import * as service from './service.ts';

/** The press office's categories of galleries: create, edit, delete. */
export const galleryCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
