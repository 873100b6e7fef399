import {
  apiPaths,
  idParamSchema,
  previewAccountListSchema,
  previewAccountQuerySchema,
  previewInvitationInputSchema,
  previewInvitationListSchema,
  previewInvitationSchema,
  releasePreviewEndedSchema,
  releasePreviewSchema,
  translateMessage,
} from '@pressroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import * as service from './previews-service.ts';
import { releaseFilterQuery } from './public-routes.ts';

const releaseParams = z.object({ id: idParamSchema });
const invitationParams = z.object({ id: idParamSchema, invitation: idParamSchema });

/**
 * A preview's answers are for one named reader: never indexed, kept, or named in another site's Referer.
 * Set on every answer of the route, refusals included.
 */
async function privateAnswer(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('x-robots-tag', 'noindex, nofollow');
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  return payload;
}

/**
 * Embargo previews: the back office invites named people to read an embargoed release (its editors, as the
 * access rules say), lists and revokes the invitations; the personal link opens the release for its invitee.
 */
export const releasePreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back office: press releases'];
  // Before validation, so a caller who may not edit releases learns nothing from the body rules; which
  // releases they may invite to is the service's (the access rules').
  const releaseEditor = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    service.requireReleaseEditor(request.user!);
  };

  app.get(
    apiPaths.releasePreviewInvitations(':id'),
    {
      preValidation: releaseEditor,
      schema: {
        tags,
        summary: "An embargoed release's preview invitations, newest first, with whether one may be sent now",
        params: releaseParams,
        response: { 200: previewInvitationListSchema },
      },
    },
    async (request) => service.invitations(app, request.user!, request.params.id, request.site),
  );

  app.post(
    apiPaths.releasePreviewInvitations(':id'),
    {
      preValidation: releaseEditor,
      schema: {
        tags,
        summary:
          'Invite an account or an address with a name to preview an embargoed release (mailed a personal link); inviting the same address again sends a new link and keeps one invitation',
        params: releaseParams,
        body: previewInvitationInputSchema,
        response: { 200: previewInvitationSchema, 201: previewInvitationSchema },
      },
    },
    async (request, reply) => {
      const { invitation, created } = await service.invite(
        app,
        request.user!,
        request.params.id,
        request.body,
        {
          site: request.site,
          language: request.language,
        },
      );
      return reply.code(created ? 201 : 200).send(invitation);
    },
  );

  app.post(
    apiPaths.releasePreviewRevoke(':id', ':invitation'),
    {
      preValidation: releaseEditor,
      schema: {
        tags,
        summary: 'Revoke a preview invitation: its link is refused from now on',
        params: invitationParams,
        response: { 200: previewInvitationSchema },
      },
    },
    async (request) => service.revoke(app, request.user!, request.params.id, request.params.invitation),
  );

  app.get(
    apiPaths.releasePreviewAccounts(':id'),
    {
      preValidation: releaseEditor,
      schema: {
        tags,
        summary: 'Active accounts to invite to a preview, by name or address (at most ten)',
        params: releaseParams,
        querystring: previewAccountQuerySchema,
        response: { 200: previewAccountListSchema },
      },
    },
    async (request) => ({
      results: await service.accounts(app, request.user!, request.params.id, request.query.search),
    }),
  );

  app.get(
    apiPaths.releasePreview(':token'),
    {
      preHandler: app.authenticateOptional,
      onSend: privateAnswer,
      schema: {
        tags: ['press releases'],
        summary:
          'What a personal preview link opens: the embargoed release for its invitee (410 once revoked or once the embargo has ended, then with the public addresses; 403 in a browser signed in as another account)',
        params: z.object({ token: z.string().max(100) }),
        querystring: z.object({ language: releaseFilterQuery.shape.language }),
        response: {
          200: releasePreviewSchema,
          410: releasePreviewEndedSchema.or(z.object({ detail: z.string() })),
        },
      },
    },
    async (request, reply) => {
      const opened = await service.openPreview(app, request.user ?? null, request.params.token, {
        site: request.site,
        language: request.query.language,
      });
      switch (opened.answer) {
        case 'readable':
          return {
            invitee_name: opened.inviteeName,
            embargo_until: opened.embargoUntil,
            release: opened.release,
          };
        case 'ended':
          return reply.code(410).send({
            detail: translateMessage(request.language, 'previewEnded'),
            release_link: opened.releaseLink,
            page: opened.page,
          });
        case 'revoked':
          throw new ApiError(410, { detail: 'previewRevoked' });
        case 'otherAccount':
          throw new ApiError(403, { detail: 'previewOtherAccount' });
        default:
          throw new ApiError(404, { detail: 'previewInvalidLink' });
      }
    },
  );
};
