import {
  apiPaths,
  idParamSchema,
  languages,
  pressContactFieldsSchema,
  pressContactSchema,
  pressContactUpdateSchema,
  releaseContactsSchema,
  releaseVoicesSchema,
  siteBoilerplateFieldsSchema,
  siteBoilerplateSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../access/index.ts';
import { notFound } from '../../lib/api-error.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { receiveForm, registerMultipart, uploadLimits } from '../../lib/uploads.ts';
import { presentBoilerplate, presentContact } from './presenter.ts';
import * as repository from './repository.ts';
import * as service from './service.ts';

const idParams = z.object({ id: idParamSchema });
const languageSchema = z.enum(languages, { error: 'fieldInvalid' });
const siteQuery = z.object({ site: idParamSchema.optional() });

export const pressContactRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const manage = app.requirePermission('press_contact.manage');

  app.get(
    apiPaths.releaseVoices,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['press contacts'],
        summary:
          "Who speaks for the site, or for one release, and the site's boilerplate in the reader language",
        querystring: z.object({
          press_release: idParamSchema.optional().describe('the contacts this release names, when visible'),
          language: languageSchema.optional(),
        }),
        response: { 200: releaseVoicesSchema },
      },
    },
    async (request) => {
      const voices = await service.voicesFor(app, {
        siteId: request.site.id,
        viewer: viewerOf(request),
        releaseId: request.query.press_release,
        language: request.query.language ?? request.language,
      });
      return {
        contacts: voices.contacts.map(presentContact),
        named_by_release: voices.namedByRelease,
        boilerplate: voices.boilerplate
          ? { language: voices.boilerplate.language, text: voices.boilerplate.text }
          : null,
        press_office_email: app.config.pressOfficeEmail,
      };
    },
  );

  app.get(
    '/api/site/press_contacts/:id/photo/:version/',
    {
      schema: {
        tags: ['press contacts'],
        summary: "A contact's photo (JPEG, cached for good: the address changes with the photo)",
        params: z.object({ id: idParamSchema, version: idParamSchema }),
      },
    },
    async (request, reply) => {
      const row = await repository.contactPhoto(app.db, request.params.id);
      if (!row?.photo || row.photoVersion !== request.params.version) throw notFound();
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(row.photo);
    },
  );

  app.get(
    apiPaths.pressContactsAdmin,
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: 'The press contacts of one site (or of every site), in order',
        querystring: siteQuery,
        response: { 200: z.array(pressContactSchema) },
      },
    },
    async (request) =>
      (await repository.contactsOfSite(app.db, request.query.site ?? null)).map(presentContact),
  );

  app.post(
    apiPaths.pressContactsAdmin,
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: 'Adds a press contact to a site (last, unless a position is given)',
        body: pressContactFieldsSchema,
        response: { 201: pressContactSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentContact(await service.createContact(app, request.body))),
  );

  app.patch(
    '/api/back_office/press_contacts/:id/',
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: 'Changes the fields of a press contact it names',
        params: idParams,
        body: pressContactUpdateSchema,
        response: { 200: pressContactSchema },
      },
    },
    async (request) => presentContact(await service.updateContact(app, request.params.id, request.body)),
  );

  app.delete(
    '/api/back_office/press_contacts/:id/',
    {
      preValidation: manage,
      schema: { tags: ['press contacts editing'], summary: 'Removes a press contact', params: idParams },
    },
    async (request, reply) => {
      await service.deleteContact(app, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/back_office/press_contacts/:id/photo/',
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: "Replaces a contact's photo (multipart: photo, a JPEG, PNG or WebP image)",
        params: idParams,
        response: { 200: pressContactSchema },
      },
    },
    async (request) => {
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        uploadLimits('photo', { files: 1, fileSize: app.config.uploadMaxBytes }),
      );
      try {
        return presentContact(await service.setPhoto(app, request.params.id, form));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.delete(
    '/api/back_office/press_contacts/:id/photo/',
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: "Removes a contact's photo",
        params: idParams,
        response: { 200: pressContactSchema },
      },
    },
    async (request) => presentContact(await service.removePhoto(app, request.params.id)),
  );

  app.get(
    apiPaths.boilerplatesAdmin,
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: 'The boilerplates ("About the site") of one site (or every site), per language',
        querystring: siteQuery,
        response: { 200: z.array(siteBoilerplateSchema) },
      },
    },
    async (request) =>
      (await repository.boilerplatesOfSite(app.db, request.query.site ?? null)).map(presentBoilerplate),
  );

  const boilerplateParams = z.object({ site: idParamSchema, language: languageSchema });

  app.put(
    '/api/back_office/boilerplates/:site/:language/',
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: "Writes a site's boilerplate in one language",
        params: boilerplateParams,
        body: siteBoilerplateFieldsSchema,
        response: { 200: siteBoilerplateSchema },
      },
    },
    async (request) =>
      presentBoilerplate(
        await service.saveBoilerplate(app, request.params.site, request.params.language, request.body.text),
      ),
  );

  app.delete(
    '/api/back_office/boilerplates/:site/:language/',
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: "Removes a site's boilerplate in one language",
        params: boilerplateParams,
      },
    },
    async (request, reply) => {
      await service.deleteBoilerplate(app, request.params.site, request.params.language);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/back_office/press_release_contacts/:id/',
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: 'The contacts a release names (empty: its sites speak for it)',
        params: idParams,
        response: { 200: releaseContactsSchema },
      },
    },
    async (request) => ({ contacts: await service.releaseContacts(app, request.params.id) }),
  );

  app.put(
    '/api/back_office/press_release_contacts/:id/',
    {
      preValidation: manage,
      schema: {
        tags: ['press contacts editing'],
        summary: 'Names the contacts of a release, in order (an empty list: its sites speak for it)',
        params: idParams,
        body: releaseContactsSchema,
        response: { 200: releaseContactsSchema },
      },
    },
    async (request) => ({
      contacts: await service.setReleaseContacts(app, request.params.id, request.body.contacts),
    }),
  );
};
