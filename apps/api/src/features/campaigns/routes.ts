import {
  apiPaths,
  campaignRequest,
  campaignSchema,
  campaignsSchema,
  campaignTestRequest,
  detailResponse,
  idParamSchema,
  pressMailChoiceRequest,
  pressMailChoiceSchema,
  recipientCountSchema,
  recipientFiltersSchema,
  recipientListRequest,
  recipientListSchema,
  recipientListsSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';

const tags = ['press office mail'];
const officeTags = ['press office mail (press office)'];
const idParams = z.object({ id: idParamSchema });
const tokenParams = z.object({ token: z.uuid({ error: 'pressMailLinkInvalid' }) });

/**
 * The press office's mail to chosen journalists (PRODUCT.md section 13): the journalist's own choice, the
 * one-click withdrawal of every campaign mail (RFC 8058, no sign-in), and for the press office the saved lists
 * with their live counts and the campaigns with aggregate figures. Due campaigns are a job (jobs.ts).
 */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const office = app.requirePermission('campaign.manage');

  app.get(
    apiPaths.pressMailChoice,
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's choice to receive the press office's mail (`unasked`: ask once)",
        response: { 200: pressMailChoiceSchema },
      },
    },
    async (request) => service.pressMailChoice(app.db, request.user!.id),
  );

  app.put(
    apiPaths.pressMailChoice,
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'Records a yes or a no, with the time, site, notice version and language',
        body: pressMailChoiceRequest,
        response: { 200: pressMailChoiceSchema },
      },
    },
    async (request) =>
      service.answerPressMail(app, request.user!.id, request.body.agreed, {
        site: request.site,
        language: request.language,
      }),
  );

  app.post(
    '/api/press_mail/withdraw/:token/',
    {
      schema: {
        tags,
        summary:
          "Withdraws from the press office's mail (RFC 8058 one-click: List-Unsubscribe=One-Click, form-encoded, or an empty body)",
        params: tokenParams,
        body: z.looseObject({ 'List-Unsubscribe': z.string().optional() }).nullish(),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await service.withdrawByToken(app, request.params.token, {
        site: request.site,
        language: request.language,
      });
      return { detail: request.t('pressMailWithdrawn') };
    },
  );

  app.get(
    apiPaths.recipientLists,
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: "The site's saved lists, each with how many consenting journalists it finds now",
        response: { 200: recipientListsSchema },
      },
    },
    async (request) => service.lists(app, request.site),
  );

  app.post(
    apiPaths.recipientCount,
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary:
          'How many consenting, active, verified journalists the filters find now (while editing a list)',
        body: recipientFiltersSchema,
        response: { 200: recipientCountSchema },
      },
    },
    async (request) => service.countFor(app, request.site, request.body),
  );

  app.post(
    apiPaths.recipientLists,
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: 'Saves a list: its filters, never its members',
        body: recipientListRequest,
        response: { 201: recipientListSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createList(app, request.site, request.user!, request.body)),
  );

  app.put(
    '/api/back_office/recipient_lists/:id/',
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: "Changes a list's name and filters",
        params: idParams,
        body: recipientListRequest,
        response: { 200: recipientListSchema },
      },
    },
    async (request) => service.updateList(app, request.site, request.params.id, request.body),
  );

  app.delete(
    '/api/back_office/recipient_lists/:id/',
    {
      preValidation: office,
      schema: { tags: officeTags, summary: 'Deletes a list', params: idParams },
    },
    async (request, reply) => {
      await service.deleteList(app, request.site, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    apiPaths.campaigns,
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: "The site's campaigns, newest first, with aggregate figures only",
        response: { 200: campaignsSchema },
      },
    },
    async (request) => ({ results: await service.presentCampaigns(app, request.site, request.language) }),
  );

  app.post(
    apiPaths.campaigns,
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary:
          'Sends a release to lists, now or at its publication, or an invitation to an event of the programme now: refused when its recipients could not read it then',
        body: campaignRequest,
        response: { 201: campaignSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.createCampaign(app, request.site, request.user!, request.language, request.body)),
  );

  app.post(
    apiPaths.campaignTest,
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: "The campaign's mail, to the signed-in sender only",
        body: campaignTestRequest,
        response: { 202: detailResponse },
      },
    },
    async (request, reply) => {
      const email = await service.sendTest(app, request.site, request.user!, request.body);
      return reply.code(202).send({ detail: request.t('campaignTestSent', { email }) });
    },
  );
};
