import { apiPaths, galleryTagsSchema, pictureSearchQuery, pictureSearchSchema } from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signerFor } from '../../lib/signed-urls.ts';
import { readerParam } from '../../plugins/read-counter.ts';
import { pictureFilters, searchPictures } from './picture-search.ts';
import { createPictureSearchAnswers } from './picture-search-answers.ts';

/** The press area's one search for every picture: galleries' and releases', as the reader may see them. */
export const pictureSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const pressArea = app.requirePermission('press_area.access');
  const answers = createPictureSearchAnswers(app);

  app.get(
    apiPaths.pictureSearch,
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary:
          'Pictures of galleries and releases the reader may see: words of captions, keywords, credit, companies and brands (any case and accents), filters, a page',
        querystring: pictureSearchQuery,
        response: { 200: pictureSearchSchema },
      },
    },
    async (request) =>
      searchPictures(
        app,
        { user: request.user, siteId: request.site.id },
        request.query,
        {
          sign: signerFor(app, request),
          reader: readerParam(request),
        },
        answers,
      ),
  );

  app.get(
    apiPaths.pictureFilters,
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary:
          "The companies and brands shown by the reader's pictures (galleries' and releases'): the search's filters",
        response: { 200: galleryTagsSchema },
      },
    },
    async (request) => pictureFilters(app, { user: request.user, siteId: request.site.id }),
  );
};
