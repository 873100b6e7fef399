import { galleryImageSchema, galleryTagsSchema, idSchema, textSchema } from '@pressroom/contract';
import { galleryImages } from '@pressroom/db';
import { asc, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../../lib/api-error.ts';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { signerFor } from '../../lib/signed-urls.ts';
import { readerParam } from '../../plugins/read-counter.ts';
import { presentImagesWithTags } from './presenter.ts';
import * as repository from './repository.ts';
import { galleryRouteSupport } from './route-support.ts';
import * as tagsRepository from './tags-repository.ts';

/** The companies and brands images show: the pictures of one, the choices to tag with, those on the site. */
export const galleryTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pressArea, galleryEditor } = galleryRouteSupport(app);

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
};
