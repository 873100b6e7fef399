import {
  idParamSchema,
  pressBoxChangeWaitingSchema,
  pressBoxContactFieldsSchema,
  pressBoxContactOrderSchema,
  pressBoxContactUpdateSchema,
  pressBoxSchema,
  pressBoxUpdateSchema,
} from '@pressroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/api-error.ts';
import { sendStoredFile } from '../../lib/file-response.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { type ReceivedForm, receiveForm, registerMultipart, uploadLimits } from '../../lib/uploads.ts';
import * as pressBox from './press-box.ts';
import * as repository from './repository.ts';

const companyParams = z.object({ company: idParamSchema });
const contactParams = z.object({ company: idParamSchema, contact: idParamSchema });
const changeParams = z.object({ company: idParamSchema, change: idParamSchema });

/**
 * Press boxes, kept by the company's administrators and agents (the agents' changes wait for approval) and the
 * press office; the association's staff are refused every one (403).
 */
export const pressBoxRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const boxTags = ['back office: press boxes'];
  // Which press box a user may keep is the service's to say (their own company's, or any for the press office).
  const editors = app.requireAnyPermission(...pressBox.pressBoxEditorPermissions);

  const waiting = { 200: pressBoxSchema, 202: pressBoxChangeWaitingSchema };

  /** A direct change answers the press box; an agent's, 202 and the change that waits. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    company: number,
    submitted: pressBox.Submitted,
  ) {
    if (submitted.applied) return reply.code(200).send(submitted.box);
    return reply.code(202).send({
      detail: request.t('pressBoxChangeWaits'),
      change: await pressBox.waitingChange(app, company, submitted.changeId),
    });
  }

  async function withForm<T>(
    request: FastifyRequest,
    field: string,
    maxBytes: number,
    work: (form: ReceivedForm) => Promise<T>,
  ) {
    const form = await receiveForm(
      request,
      temporaryDirectory(app.config.dataDir, 'uploads'),
      uploadLimits(field, { files: 1, fileSize: maxBytes }),
    );
    try {
      return await work(form);
    } finally {
      await form.cleanup();
    }
  }

  app.get(
    '/api/back_office/press_boxes/:company/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: "A company's press box as its editors see it, with the agents' changes that wait",
        params: companyParams,
        response: { 200: pressBoxSchema },
      },
    },
    async (request) => {
      const access = await pressBox.accessTo(app, request.user!, request.params.company);
      return pressBox.pressBoxFor(app, request.params.company, access);
    },
  );

  app.patch(
    '/api/back_office/press_boxes/:company/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: "Change the press box's description or web site (only the fields sent)",
        params: companyParams,
        body: pressBoxUpdateSchema,
        response: waiting,
      },
    },
    async (request, reply) => {
      const company = request.params.company;
      const payload = Object.fromEntries(
        Object.entries(request.body).filter(([, value]) => value !== undefined),
      );
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, { kind: 'fields', payload }),
      );
    },
  );

  app.put(
    '/api/back_office/press_boxes/:company/logo/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: "Replace the press box's logo (multipart: logo, a JPEG, PNG or WebP image)",
        params: companyParams,
        response: waiting,
      },
    },
    async (request, reply) => {
      const company = request.params.company;
      // Checked before the upload is read: nobody else's files are received.
      await pressBox.accessTo(app, request.user!, company);
      const maxBytes = Math.min(app.config.uploadMaxBytes, pressBox.logoMaxBytes);
      const filePath = await withForm(request, 'logo', maxBytes, (form) => pressBox.storeLogo(app, form));
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, { kind: 'logo', filePath }),
      );
    },
  );

  app.delete(
    '/api/back_office/press_boxes/:company/logo/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: "Remove the press box's logo",
        params: companyParams,
        response: waiting,
      },
    },
    async (request, reply) => {
      const company = request.params.company;
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, { kind: 'logo_removed' }),
      );
    },
  );

  app.post(
    '/api/back_office/press_boxes/:company/contacts/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: 'Add a press contact to the press box (last, unless a position is given)',
        params: companyParams,
        body: pressBoxContactFieldsSchema,
        response: waiting,
      },
    },
    async (request, reply) => {
      const company = request.params.company;
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, { kind: 'contact_added', payload: request.body }),
      );
    },
  );

  app.put(
    '/api/back_office/press_boxes/:company/contacts/order/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: "Put the press box's contacts in a new order (each of them, once)",
        params: companyParams,
        body: pressBoxContactOrderSchema,
        response: waiting,
      },
    },
    async (request, reply) => {
      const company = request.params.company;
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, {
          kind: 'contacts_reordered',
          payload: { contacts: request.body.contacts },
        }),
      );
    },
  );

  app.patch(
    '/api/back_office/press_boxes/:company/contacts/:contact/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: 'Change the fields of a press contact it names',
        params: contactParams,
        body: pressBoxContactUpdateSchema,
        response: waiting,
      },
    },
    async (request, reply) => {
      const { company, contact } = request.params;
      const payload = Object.fromEntries(
        Object.entries(request.body).filter(([, value]) => value !== undefined),
      );
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, {
          kind: 'contact_changed',
          contactId: contact,
          payload,
        }),
      );
    },
  );

  app.delete(
    '/api/back_office/press_boxes/:company/contacts/:contact/',
    {
      preValidation: editors,
      schema: { tags: boxTags, summary: 'Remove a press contact', params: contactParams, response: waiting },
    },
    async (request, reply) => {
      const { company, contact } = request.params;
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, { kind: 'contact_removed', contactId: contact }),
      );
    },
  );

  app.put(
    '/api/back_office/press_boxes/:company/contacts/:contact/photo/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: "Replace a contact's photo (multipart: photo, a JPEG, PNG or WebP image)",
        params: contactParams,
        response: waiting,
      },
    },
    async (request, reply) => {
      const { company, contact } = request.params;
      await pressBox.accessTo(app, request.user!, company);
      if (!(await repository.findContact(app.db, company, contact))) throw notFound();
      const filePath = await withForm(request, 'photo', app.config.uploadMaxBytes, (form) =>
        pressBox.storePhoto(app, form),
      );
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, {
          kind: 'contact_photo',
          contactId: contact,
          filePath,
        }),
      );
    },
  );

  app.delete(
    '/api/back_office/press_boxes/:company/contacts/:contact/photo/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: "Remove a contact's photo",
        params: contactParams,
        response: waiting,
      },
    },
    async (request, reply) => {
      const { company, contact } = request.params;
      return answer(
        request,
        reply,
        company,
        await pressBox.submit(app, request.user!, company, { kind: 'photo_removed', contactId: contact }),
      );
    },
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/back_office/press_boxes/:company/changes/:change/${action}/`,
      {
        preValidation: editors,
        schema: {
          tags: boxTags,
          summary:
            action === 'approve'
              ? "Approve an agent's waiting change: it applies now"
              : "Reject an agent's waiting change: nothing changes",
          params: changeParams,
          response: { 200: pressBoxSchema },
        },
      },
      async (request) =>
        pressBox.decide(app, request.user!, request.params.company, request.params.change, decision),
    );
  }

  app.get(
    '/api/back_office/press_boxes/:company/changes/:change/file/',
    {
      preValidation: editors,
      schema: {
        tags: boxTags,
        summary: 'The logo or photo a waiting change proposes, for its approver to look at',
        params: changeParams,
      },
    },
    async (request, reply) => {
      const { company, change } = request.params;
      await pressBox.accessTo(app, request.user!, company);
      const row = await repository.findChange(app.db, company, change);
      if (!row?.filePath) throw notFound();
      return sendStoredFile(request, reply, {
        key: row.filePath,
        mime: row.filePath.endsWith('.png') ? 'image/png' : 'image/jpeg',
        etag: pressBox.checksumOfKey(row.filePath),
        fileName: row.filePath.slice(row.filePath.lastIndexOf('/') + 1),
        disposition: 'inline',
        cacheControl: 'private, no-cache',
      });
    },
  );
};
