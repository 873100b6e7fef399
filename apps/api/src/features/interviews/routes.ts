import {
  apiPaths,
  exhibitorInterviewsQuerySchema,
  interviewAcceptSchema,
  interviewCancelSchema,
  interviewCountsQuerySchema,
  interviewCountsSchema,
  interviewDeclineSchema,
  interviewIdParamsSchema,
  interviewRequestCreateSchema,
  interviewRequestListSchema,
  interviewRequestPageSchema,
  interviewRequestSchema,
} from '@pressroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionDenied } from '../../lib/api-error.ts';
import { presentInterview, presentInterviewPage, presentInterviews } from './presenters.ts';
import * as service from './service.ts';

/**
 * Interview requests: an accredited journalist asks an exhibitor ("My fair" lists theirs); the exhibitor's own
 * administrators read, answer and cancel them in the back office. The press office sees numbers per exhibitor,
 * never a request; the association's staff see nothing of them.
 */
export const interviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['interviews'];
  const officeTags = ['back office: interviews'];
  const pressArea = app.requirePermission('press_area.access');
  // Only a company's own administrators are the exhibitor's side (which requests are theirs: the service's).
  const exhibitorSide = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (!service.answersForSomeCompany(request.user!)) throw permissionDenied();
  };
  // The counts: the press office's for every exhibitor, a company administrator's for their own.
  const counters = app.requireAnyPermission('press_release.manage_all', 'press_release.publish_own_company');

  app.post(
    apiPaths.interviews,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Ask an exhibitor of an edition one is accredited for for an interview (consent required)',
        body: interviewRequestCreateSchema,
        response: { 201: interviewRequestSchema },
      },
    },
    async (request, reply) => {
      const detail = await service.requestInterview(
        app,
        request.user!,
        { site: request.site, language: request.language },
        request.body,
      );
      return reply.code(201).send(presentInterview(detail));
    },
  );

  app.get(
    apiPaths.interviews,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: "The journalist's interview requests",
        response: { 200: interviewRequestListSchema },
      },
    },
    async (request) => presentInterviews(await service.requestsOfJournalist(app, request.user!)),
  );

  app.post(
    apiPaths.interviewCancel(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'The journalist cancels a request still open (an accepted one is withdrawn from calendars)',
        params: interviewIdParamsSchema,
        body: interviewCancelSchema,
        response: { 200: interviewRequestSchema },
      },
    },
    async (request) =>
      presentInterview(
        await service.cancelByJournalist(
          app,
          request.user!,
          request.params.id,
          request.body,
          request.site.address,
        ),
      ),
  );

  app.get(
    apiPaths.interviewCalendar(':id'),
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'The invitation of an accepted interview (or its cancellation), as an iCalendar file',
        params: interviewIdParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const calendar = await service.calendarFile(app, request.user!, request.params.id);
      return reply
        .header('content-type', `text/calendar; charset=utf-8; method=${calendar.method}`)
        .header('content-disposition', `attachment; filename="interview-${request.params.id}.ics"`)
        .header('cache-control', 'no-store')
        .send(calendar.content);
    },
  );

  app.get(
    apiPaths.exhibitorInterviews,
    {
      preValidation: exhibitorSide,
      schema: {
        tags: officeTags,
        summary: "A page of the interview requests to the caller's own company, by status",
        querystring: exhibitorInterviewsQuerySchema,
        response: { 200: interviewRequestPageSchema },
      },
    },
    async (request) =>
      presentInterviewPage(await service.requestsForExhibitor(app, request.user!, request.query)),
  );

  app.post(
    apiPaths.interviewAccept(':id'),
    {
      preValidation: exhibitorSide,
      schema: {
        tags: officeTags,
        summary: 'Accept a waiting request with a time and a place (both sides get the invitation)',
        params: interviewIdParamsSchema,
        body: interviewAcceptSchema,
        response: { 200: interviewRequestSchema },
      },
    },
    async (request) =>
      presentInterview(
        await service.accept(app, request.user!, request.params.id, request.body, request.site.address),
      ),
  );

  app.post(
    apiPaths.interviewDecline(':id'),
    {
      preValidation: exhibitorSide,
      schema: {
        tags: officeTags,
        summary: 'Decline a waiting request with a reason (mailed to the journalist)',
        params: interviewIdParamsSchema,
        body: interviewDeclineSchema,
        response: { 200: interviewRequestSchema },
      },
    },
    async (request) =>
      presentInterview(
        await service.decline(app, request.user!, request.params.id, request.body, request.site.address),
      ),
  );

  app.post(
    apiPaths.exhibitorInterviewCancel(':id'),
    {
      preValidation: exhibitorSide,
      schema: {
        tags: officeTags,
        summary: "The exhibitor's side cancels a request still open",
        params: interviewIdParamsSchema,
        body: interviewCancelSchema,
        response: { 200: interviewRequestSchema },
      },
    },
    async (request) =>
      presentInterview(
        await service.cancelByExhibitor(
          app,
          request.user!,
          request.params.id,
          request.body,
          request.site.address,
        ),
      ),
  );

  app.get(
    apiPaths.interviewCounts,
    {
      preValidation: counters,
      schema: {
        tags: officeTags,
        summary:
          "Requests per exhibitor of an edition: received, accepted, declined, cancelled (numbers only, never a journalist's name, message or contact details); the press office every exhibitor's, a company's administrator their own",
        querystring: interviewCountsQuerySchema,
        response: { 200: interviewCountsSchema },
      },
    },
    async (request) => {
      const { edition, rows } = await service.counts(app, request.user!, request.query.edition);
      return { edition: { id: edition.id, name: edition.name }, exhibitors: rows };
    },
  );
};
