import {
  apiPaths,
  contactMessageSchema,
  contactMessageUpdateSchema,
  contactRequestSchema,
  idParamSchema,
} from '@pressroom/contract';
import { contactMessages } from '@pressroom/db';
import { and, desc, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { byAddress } from '../../plugins/rate-limit.ts';
import * as service from './service.ts';

const idParams = z.object({ id: idParamSchema });

function presentMessage(row: service.ContactRow) {
  return {
    id: row.id,
    user_id: row.userId,
    sender_name: row.senderName,
    sender_email: row.senderEmail,
    subject: row.subject,
    message: row.message,
    language: row.language,
    site: row.pressGroupId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = app.requirePermission('contact.read_inbox');

  app.post(
    apiPaths.contact,
    {
      // Each message mails the press office and the sender: limited per user and per address.
      preValidation: [
        app.requirePermission('press_area.access'),
        app.limitRequests('contact-user', app.config.rateLimits.contactPerUser, (request) =>
          request.user ? String(request.user.id) : null,
        ),
        app.limitRequests('contact-address', app.config.rateLimits.contactPerIp, byAddress),
      ],
      schema: {
        tags: ['contact'],
        summary: 'Sends a message to the press office (the sender is the signed-in user)',
        body: contactRequestSchema,
        response: { 201: z.object({ id: z.number().int(), detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const row = await service.sendContactMessage(
        app,
        request.user as AuthUser,
        request.site,
        request.language,
        request.body,
      );
      return reply.code(201).send({ id: row.id, detail: request.t('contactSent') });
    },
  );

  app.get(
    apiPaths.contact,
    {
      preValidation: inbox,
      schema: {
        tags: ['contact inbox'],
        summary: 'The contact inbox, newest first (format=datatables or page/page_size)',
        querystring: z.looseObject({
          ...listQuerySchema.shape,
          unread: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: listResponseSchema(contactMessageSchema) },
      },
    },
    async (request) => {
      const unreadOnly = request.query.unread === 'true';
      const scope = unreadOnly ? isNull(contactMessages.readAt) : undefined;
      return listResponse(request, {
        regexSearch: true,
        columns: {
          id: { expression: contactMessages.id },
          subject: { expression: contactMessages.subject },
          message: { expression: contactMessages.message },
          sender_name: { expression: contactMessages.senderName },
          sender_email: { expression: contactMessages.senderEmail },
          created_at: { expression: contactMessages.createdAt, searchable: false },
          // Orders the inbox with unread messages first (true sorts after false, so: desc).
          unread: { expression: sql`(${contactMessages.readAt} is null)`, searchable: false },
        },
        defaultOrder: [desc(contactMessages.createdAt)],
        tiebreaker: [desc(contactMessages.id)],
        source: {
          count: (where) => service.countMessages(app.db, and(scope, where)),
          rows: async (options) =>
            (await service.pageMessages(app.db, { ...options, where: and(scope, options.where) })).map(
              presentMessage,
            ),
        },
      });
    },
  );

  app.get(
    '/api/press_room/contact/:id/',
    {
      preValidation: inbox,
      schema: {
        tags: ['contact inbox'],
        summary: 'One message',
        params: idParams,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => presentMessage(await service.findMessage(app.db, request.params.id)),
  );

  app.patch(
    '/api/press_room/contact/:id/',
    {
      preValidation: inbox,
      schema: {
        tags: ['contact inbox'],
        summary: 'Marks a message read or unread',
        params: idParams,
        body: contactMessageUpdateSchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => presentMessage(await service.markRead(app, request.params.id, request.body.read)),
  );
};
