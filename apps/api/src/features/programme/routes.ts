import {
  apiPaths,
  myProgrammeSchema,
  programmeAdminListQuerySchema,
  programmeAttendanceSchema,
  programmeCancelSchema,
  programmeCheckInResultSchema,
  programmeCheckInSchema,
  programmeClashListSchema,
  programmeDeclineSchema,
  programmeEventCreateSchema,
  programmeEventListSchema,
  programmeEventProposeSchema,
  programmeEventSchema,
  programmeEventUpdateSchema,
  programmeFeedQuerySchema,
  programmeFeedTokenSchema,
  programmeFiguresQuerySchema,
  programmeFiguresSchema,
  programmeIdParamsSchema,
  programmeListQuerySchema,
  programmeSignupSchema,
} from '@pressroom/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as attendance from './attendance.ts';
import * as feeds from './feeds.ts';
import { presentEvent, presentEventList } from './presenters.ts';
import * as service from './service.ts';
import * as signups from './signups.ts';

const sendCalendar = (reply: FastifyReply, content: string, fileName: string, cache: string) =>
  reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', cache)
    .send(content);

/**
 * The fair's press programme: the public list and calendars, journalists' sign-ups and personal feed, and the
 * back office's events, proposals, decisions, door and figures.
 */
export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['programme'];
  const officeTags = ['back office: programme'];
  const pressArea = app.requirePermission('press_area.access');
  const office = app.requirePermission('press_release.manage_all');
  // Which events a company's administrator may touch (their company's) is the service's to say.
  const organisers = app.requireAnyPermission(
    'press_release.manage_all',
    'press_release.publish_own_company',
  );
  const idParams = programmeIdParamsSchema;
  // Codes naming no badge, per member of the door's staff: typing mistakes pass, guessing the short codes not.
  const unknownBadges = app.limitFailures(
    'door-unknown-badge',
    app.config.rateLimits.doorUnknownBadgesPerUser,
    (request) => (request.user ? String(request.user.id) : null),
  );

  app.get(
    apiPaths.programme,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: "The site's programme (approved events; cancelled ones shown as cancelled), filtered",
        querystring: programmeListQuerySchema,
        response: { 200: programmeEventListSchema },
      },
    },
    async (request) => {
      const { edition, events } = await service.publicList(
        app,
        request.site,
        request.query,
        request.language,
        service.readerOf(app, request.user, request.site),
      );
      return presentEventList(edition, events, await service.mySignups(app, request.user, events));
    },
  );

  app.get(
    apiPaths.programmeEvent(':id'),
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'One event of the programme',
        params: idParams,
        response: { 200: programmeEventSchema },
      },
    },
    async (request) => {
      const detail = await service.publicEvent(
        app,
        request.site,
        request.params.id,
        request.language,
        service.readerOf(app, request.user, request.site),
      );
      const mine = await service.mySignups(app, request.user, [detail]);
      return presentEvent(detail, mine.get(detail.event.id));
    },
  );

  app.get(
    apiPaths.programmeEventCalendar(':id'),
    {
      schema: {
        tags,
        summary: 'One event as an iCalendar file, in the reader’s language',
        params: idParams,
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const content = await feeds.eventFile(app, request.site, request.params.id, request.language);
      return sendCalendar(reply, content, `event-${request.params.id}.ics`, 'no-cache');
    },
  );

  app.get(
    apiPaths.programmeFeed,
    {
      schema: {
        tags,
        summary: "The site's programme as an iCalendar feed (webcal://), one language's titles",
        querystring: programmeFeedQuerySchema,
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const language = request.query.language ?? request.language;
      const content = await feeds.siteFeed(app, request.site, request.query.edition, language);
      reply.header('vary', 'accept-language');
      return sendCalendar(reply, content, 'programme.ics', 'public, max-age=300');
    },
  );

  app.post(
    apiPaths.programmeSignup(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Sign up for an event (or join its waiting list when full); clashes are reported',
        params: idParams,
        response: { 200: programmeSignupSchema },
      },
    },
    async (request) => signups.signUp(app, request.user!, request.site, request.params.id, request.language),
  );

  app.delete(
    apiPaths.programmeSignup(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Cancel a sign-up (a freed place goes to the first waiting)',
        params: idParams,
        response: { 200: programmeSignupSchema },
      },
    },
    async (request) =>
      signups.cancelSignup(app, request.user!, request.site, request.params.id, request.language),
  );

  app.get(
    apiPaths.programmeClashes(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          "What of the journalist's (events, accepted interviews) is at the same time as an event, before signing up",
        params: idParams,
        response: { 200: programmeClashListSchema },
      },
    },
    async (request) => ({
      data: await signups.clashesBefore(
        app,
        request.user!,
        request.site,
        request.params.id,
        request.language,
      ),
    }),
  );

  app.get(
    apiPaths.myProgramme,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: "The journalist's events on this site, each with its clashes",
        response: { 200: myProgrammeSchema },
      },
    },
    async (request) => {
      const rows = await signups.myProgramme(app, request.user!, request.site, request.language);
      return {
        data: rows.map((row) => ({
          event: presentEvent(row.detail, row.signup),
          signup: {
            status: row.signup.status as 'signed_up' | 'waiting' | 'cancelled',
            position: row.signup.position,
          },
          clashes: row.clashes,
        })),
      };
    },
  );

  app.get(
    apiPaths.programmeFeedToken,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Whether the journalist has a personal feed (its address is shown only when made)',
        response: { 200: programmeFeedTokenSchema },
      },
    },
    async (request) => ({ feed: await feeds.feedStatus(app, request.user!, request.site) }),
  );

  app.post(
    apiPaths.programmeFeedToken,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Make (or replace) the personal feed’s secret address; the previous one stops working',
        response: { 200: programmeFeedTokenSchema },
      },
    },
    async (request) => ({ feed: await feeds.rotateFeed(app, request.user!, request.site) }),
  );

  app.delete(
    apiPaths.programmeFeedToken,
    {
      preValidation: pressArea,
      schema: { tags, summary: 'Revoke the personal feed’s address', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await feeds.revokeFeed(app, request.user!, request.site);
      return reply.code(204).send(null);
    },
  );

  app.get(
    apiPaths.programmePersonalFeed(':token'),
    {
      schema: {
        tags,
        summary: "A journalist's own events and accepted interviews (the secret token is the key)",
        params: z.object({ token: z.string().max(200) }),
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const content = await feeds.personalFeed(app, request.params.token);
      return sendCalendar(reply, content, 'my-programme.ics', 'private, no-cache');
    },
  );

  // ------------------------------------------------------------------------------------------- back office

  app.get(
    apiPaths.programmeAdmin,
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: "Every event of an edition, any status (a company's administrator: their company's)",
        querystring: programmeAdminListQuerySchema,
        response: { 200: programmeEventListSchema },
      },
    },
    async (request) => {
      const { edition, events } = await service.listForOffice(
        app,
        request.user!,
        request.site,
        request.query,
      );
      return presentEventList(edition, events);
    },
  );

  app.post(
    apiPaths.programmeAdmin,
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: 'The press office adds an event (approved at once)',
        body: programmeEventCreateSchema,
        response: { 201: programmeEventSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentEvent(await service.createEvent(app, request.user!, request.body))),
  );

  app.post(
    apiPaths.programmeProposals,
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: "A company's administrator proposes an event of their exhibitor (the press office approves)",
        body: programmeEventProposeSchema,
        response: { 201: programmeEventSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentEvent(await service.proposeEvent(app, request.user!, request.body))),
  );

  app.get(
    apiPaths.programmeAdminEvent(':id'),
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: 'One event, any status',
        params: idParams,
        response: { 200: programmeEventSchema },
      },
    },
    async (request) => presentEvent(await service.eventForOffice(app, request.user!, request.params.id)),
  );

  app.patch(
    apiPaths.programmeAdminEvent(':id'),
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: 'Change an event (a change of time or place is mailed to everyone signed up or waiting)',
        params: idParams,
        body: programmeEventUpdateSchema,
        response: { 200: programmeEventSchema },
      },
    },
    async (request) =>
      presentEvent(await service.updateEvent(app, request.user!, request.params.id, request.body)),
  );

  app.post(
    apiPaths.programmeApprove(':id'),
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: 'Approve a proposal (the proposer is mailed)',
        params: idParams,
        response: { 200: programmeEventSchema },
      },
    },
    async (request) => presentEvent(await service.approve(app, request.user!, request.params.id)),
  );

  app.post(
    apiPaths.programmeDecline(':id'),
    {
      preValidation: office,
      schema: {
        tags: officeTags,
        summary: 'Decline a proposal with a reason (mailed to the proposer)',
        params: idParams,
        body: programmeDeclineSchema,
        response: { 200: programmeEventSchema },
      },
    },
    async (request) =>
      presentEvent(await service.decline(app, request.user!, request.params.id, request.body)),
  );

  app.post(
    apiPaths.programmeCancel(':id'),
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: 'Cancel an event (everyone signed up or waiting is mailed) or withdraw a proposal',
        params: idParams,
        body: programmeCancelSchema,
        response: { 200: programmeEventSchema },
      },
    },
    async (request) =>
      presentEvent(await service.cancel(app, request.user!, request.params.id, request.body)),
  );

  app.get(
    apiPaths.programmeAttendance(':id'),
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: 'Who is signed up, waiting and checked in (the press office, or the organising exhibitor)',
        params: idParams,
        response: { 200: programmeAttendanceSchema },
      },
    },
    async (request) => attendance.attendance(app, request.user!, request.params.id),
  );

  app.post(
    apiPaths.programmeCheckIn(':id'),
    {
      preValidation: [organisers, unknownBadges.guard],
      schema: {
        tags: officeTags,
        summary:
          'Check a journalist in by badge code (typed or scanned) or by name; says whether the badge is valid',
        params: idParams,
        body: programmeCheckInSchema,
        response: { 200: programmeCheckInResultSchema },
      },
    },
    async (request) => {
      const { answer, unknownBadge } = await attendance.checkIn(
        app,
        request.user!,
        request.params.id,
        request.body,
      );
      if (unknownBadge) await unknownBadges.recordFailure(request);
      return answer;
    },
  );

  app.get(
    apiPaths.programmeAttendanceCsv(':id'),
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: 'The attendance as CSV, in the reader’s language',
        params: idParams,
      },
    },
    async (request, reply) => {
      const csv = await attendance.attendanceCsv(app, request.user!, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendance-${request.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    apiPaths.programmeAttendancePdf(':id'),
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: 'The attendance as a PDF, in the reader’s language',
        params: idParams,
      },
    },
    async (request, reply) => {
      const pdf = await attendance.attendanceReport(app, request.user!, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="attendance-${request.params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    apiPaths.programmeFigures,
    {
      preValidation: organisers,
      schema: {
        tags: officeTags,
        summary: 'Sign-ups, waiting list and attendance per event (numbers only)',
        querystring: programmeFiguresQuerySchema,
        response: { 200: programmeFiguresSchema },
      },
    },
    async (request) => ({ data: await attendance.figures(app, request.user!, request.site, request.query) }),
  );
};
