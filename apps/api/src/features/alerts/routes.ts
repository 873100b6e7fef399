import {
  alertPreferencesSchema,
  alertStatsSchema,
  alertSubscribeResultSchema,
  alertSubscribeSchema,
  alertSubscriptionSchema,
  alertTokenSchema,
  apiPaths,
  detailResponse,
  myAlertSubscriptionSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byAddress } from '../../plugins/rate-limit.ts';
import * as service from './service.ts';

const tags = ['e-mail alerts'];
const tokenParams = z.object({ token: alertTokenSchema });
const byEmailField = (request: { body?: unknown }) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
};

/**
 * E-mail alerts of new releases (decision 9): subscribing with double opt-in, the subscriber's page reached by
 * the token of every mail (confirm, preferences, unsubscribe without signing in, RFC 8058 one-click), and the
 * press office's figures. The due alerts and the daily digest are jobs (jobs.ts).
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.post(
    apiPaths.alertSubscriptions,
    {
      preHandler: app.authenticateOptional,
      preValidation: [
        app.limitRequests('mail-address', limits.mailPerIp, byAddress),
        app.limitRequests('alert-email', limits.mailPerEmail, byEmailField),
      ],
      schema: {
        tags,
        summary:
          "Subscribes an address to the site's releases: a confirmation link is mailed (the same answer whether or not the address was known); a signed-in user's own address is active at once",
        body: alertSubscribeSchema,
        response: { 202: alertSubscribeResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.subscribe(app, request.site, request.user, request.language, request.body)),
  );

  app.get(
    apiPaths.myAlertSubscription,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "The signed-in user's subscription on this site, by their account's address, with the token of its preferences page (null when none)",
        response: { 200: myAlertSubscriptionSchema },
      },
    },
    async (request) => service.ownSubscription(app, request.site, request.user),
  );

  app.post(
    apiPaths.alertConfirm,
    {
      schema: {
        tags,
        summary: 'Confirms a subscription from the mailed link',
        body: z.object({ token: alertTokenSchema }),
        response: { 200: alertSubscriptionSchema },
      },
    },
    async (request) => service.presentSubscription(app, await service.confirm(app, request.body.token)),
  );

  app.get(
    '/api/alerts/manage/:token/',
    {
      schema: {
        tags,
        summary: "A subscriber's preferences, reached by the link of every alert",
        params: tokenParams,
        response: { 200: alertSubscriptionSchema },
      },
    },
    async (request) =>
      service.presentSubscription(app, await service.findByToken(app.db, request.params.token)),
  );

  app.patch(
    '/api/alerts/manage/:token/',
    {
      schema: {
        tags,
        summary: 'Changes the languages, companies, brands or frequency it names',
        params: tokenParams,
        body: alertPreferencesSchema,
        response: { 200: alertSubscriptionSchema },
      },
    },
    async (request) =>
      service.presentSubscription(
        app,
        await service.updatePreferences(app, request.params.token, request.body),
      ),
  );

  app.post(
    '/api/alerts/unsubscribe/:token/',
    {
      schema: {
        tags,
        summary:
          'Unsubscribes (RFC 8058 one-click: List-Unsubscribe=One-Click, form-encoded, or an empty body)',
        params: tokenParams,
        // Mail clients post the form (RFC 8058); other callers send nothing, which arrives as null.
        body: z.looseObject({ 'List-Unsubscribe': z.string().optional() }).nullish(),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await service.unsubscribe(app, request.params.token);
      return { detail: request.t('alertUnsubscribed') };
    },
  );

  app.get(
    apiPaths.alertStats,
    {
      preValidation: app.requirePermission('press_release.manage_all'),
      schema: {
        tags: ['e-mail alerts (press office)'],
        summary:
          'Subscribers per site and language, and the alerts of the newest releases (no subscriber list)',
        response: { 200: alertStatsSchema },
      },
    },
    async () => service.alertStats(app),
  );
};
