import {
  apiPaths,
  directoryQuery,
  directorySchema,
  idParamSchema,
  languages,
  publicExhibitorSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/api-error.ts';
import { sendStoredFile } from '../../lib/file-response.ts';
import { createDirectoryAnswers } from './directory-answers.ts';
import * as pressBox from './press-box.ts';
import { directory, publicExhibitor } from './public.ts';
import * as repository from './repository.ts';

const idParams = z.object({ id: idParamSchema });
const languageQuery = z.object({ language: z.enum(languages, { error: 'fieldInvalid' }).optional() });

/** What the site shows of its exhibitors: the directory, a press box, its logo and contacts' photos. */
export const exhibitorPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicTags = ['exhibitors'];
  const { sendDirectory } = createDirectoryAnswers(app);

  app.get(
    apiPaths.exhibitorDirectory,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: publicTags,
        summary:
          "The directory of an edition's exhibitors (the site's current edition unless named): search by name or brand whatever the accents and case, filters, the A-Z index",
        querystring: directoryQuery,
        response: { 200: directorySchema },
      },
    },
    async (request, reply) =>
      sendDirectory(request, reply, directorySchema, () => directory(app, request, request.query)),
  );

  app.get(
    '/api/site/exhibitors/:id/',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: publicTags,
        summary:
          "An exhibitor's press box in the reader's language: logo, description, contacts, the company's releases and pictures, and whether the reader follows it",
        params: idParams,
        querystring: languageQuery,
        response: { 200: publicExhibitorSchema },
      },
    },
    async (request) =>
      publicExhibitor(app, request, request.params.id, request.query.language ?? request.language),
  );

  app.get(
    '/api/site/press_boxes/:company/logo/:version/',
    {
      schema: {
        tags: publicTags,
        summary: "A press box's logo (PNG, cached for good: the address changes with the logo)",
        params: z.object({ company: idParamSchema, version: idParamSchema }),
      },
    },
    async (request, reply) => {
      const box = await repository.findPressBox(app.db, request.params.company);
      if (!box?.logoPath || box.logoVersion !== request.params.version) throw notFound();
      return sendStoredFile(request, reply, {
        key: box.logoPath,
        mime: 'image/png',
        etag: pressBox.checksumOfKey(box.logoPath),
        fileName: 'logo.png',
        disposition: 'inline',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    },
  );

  app.get(
    '/api/site/press_box_contacts/:id/photo/:version/',
    {
      schema: {
        tags: publicTags,
        summary: "A press box contact's photo (JPEG, cached for good: the address changes with the photo)",
        params: z.object({ id: idParamSchema, version: idParamSchema }),
      },
    },
    async (request, reply) => {
      const contact = await repository.findContactById(app.db, request.params.id);
      if (!contact?.photoPath || contact.photoVersion !== request.params.version) throw notFound();
      return sendStoredFile(request, reply, {
        key: contact.photoPath,
        mime: 'image/jpeg',
        etag: pressBox.checksumOfKey(contact.photoPath),
        fileName: 'photo.jpg',
        disposition: 'inline',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    },
  );
};
