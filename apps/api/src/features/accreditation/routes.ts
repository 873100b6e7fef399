import {
  accreditationAnswerFieldsSchema,
  accreditationDecisionResultSchema,
  accreditationDecisionSchema,
  accreditationQueueQuerySchema,
  accreditationQueueSchema,
  accreditationRequestFieldsSchema,
  accreditationSchema,
  apiPaths,
  badgeCheckSchema,
  editionCreateSchema,
  editionListSchema,
  editionSchema,
  editionUpdateSchema,
  formatBadgeCode,
  idParamSchema,
  myAccreditationSchema,
  publicPages,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/api-error.ts';
import { badgeToken } from '../../lib/badge-tokens.ts';
import { sendStoredFile } from '../../lib/file-response.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { parseFormFields, receiveForm, registerMultipart } from '../../lib/uploads.ts';
import { renderBadgePdf } from './badge.ts';
import { renderBadgePage } from './badge-page.ts';
import { holderName } from './mails.ts';
import { presentEdition, presentQueueItem, presentRequest } from './presenters.ts';
import type { RequestDetail } from './repository.ts';
import * as service from './service.ts';

const tags = ['accreditation'];
const officeTags = ['accreditation (press office)'];
const idParams = z.object({ id: idParamSchema });
const tokenParams = z.object({ token: z.string().max(64) });

/** The edition's dates in the reader's language ("10–14 March 2027"). */
function editionDates(language: string, startsOn: string, endsOn: string) {
  const format = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(new Date(`${startsOn}T00:00:00Z`), new Date(`${endsOn}T00:00:00Z`));
}
const longDate = (language: string, day: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Accreditation per edition of the fair, with proof (decision 10): the journalist asks from the profile and answers
 * the office's questions; the press office works the queue (one or many at once) and keeps the editions; an
 * approved journalist downloads a badge whose QR code the gate checks at a public address.
 */
export const accreditationRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const pressArea = app.requirePermission('press_area.access');
  const accredit = app.requirePermission('journalist.accredit');
  // The association's staff choose an edition to keep its exhibitors: they read the editions, never change them.
  const readEditions = app.requireAnyPermission('journalist.accredit', 'company.manage');
  // The gate's check page of a badge, on the badge's own site: what its QR code says, on paper and on screen.
  const badgeCheckUrl = (detail: RequestDetail) => {
    const site = [...app.sites.byName.values()].find((entry) => entry.id === detail.edition.pressGroupId);
    const token = badgeToken(app.config.secretKey, detail.request.badgeId);
    return `${site?.address ?? app.config.publicUrl}${publicPages.badge(token)}`;
  };
  const present = (detail: RequestDetail) =>
    presentRequest(detail, service.todayOf(app), badgeCheckUrl(detail));

  app.get(
    apiPaths.myAccreditation,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          "The site's editions open for accreditation, the user's requests there, and a new request's data",
        response: { 200: myAccreditationSchema },
      },
    },
    async (request) => {
      const mine = await service.myAccreditation(app, request.user!, request.site);
      return {
        editions: mine.editions.map((edition) => ({
          id: edition.id,
          name: edition.name,
          starts_on: edition.startsOn,
          ends_on: edition.endsOn,
          proof_required: edition.proofRequired,
        })),
        requests: mine.requests.map(present),
        prefill: mine.prefill as z.infer<typeof myAccreditationSchema>['prefill'],
      };
    },
  );

  app.post(
    apiPaths.myAccreditation,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          'Asks for accreditation to an edition (multipart: edition, media_type, outlet, role, proof_kind, article_date, message, proof files)',
        response: { 201: accreditationSchema },
      },
    },
    async (request, reply) => {
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        service.proofUploadLimits,
      );
      try {
        const fields = parseFormFields(accreditationRequestFieldsSchema, form);
        const created = await service.requestAccreditation(app, request.user!, request.site, fields, form);
        return reply.code(201).send(present(created));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.post(
    '/api/press_room/accreditation/:id/answer/',
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: "Answers the press office's question (multipart: answer, and proof files if asked)",
        params: idParams,
        response: { 200: accreditationSchema },
      },
    },
    async (request) => {
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        service.proofUploadLimits,
      );
      try {
        const { answer } = parseFormFields(accreditationAnswerFieldsSchema, form);
        return present(await service.answerQuestion(app, request.user!, request.params.id, answer, form));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    '/api/press_room/accreditation/:id/proofs/:proofId/',
    {
      preValidation: app.authenticate,
      compress: false,
      schema: {
        tags,
        summary: 'A proof file: for the journalist who sent it and the press office only (never cached)',
        params: z.object({ id: idParamSchema, proofId: idParamSchema }),
      },
    },
    async (request, reply) => {
      const proof = await service.proofFile(app, request.user!, request.params.id, request.params.proofId);
      return sendStoredFile(request, reply, {
        key: proof.storagePath,
        mime: proof.mime,
        etag: proof.checksum,
        fileName: proof.fileName,
        disposition: 'inline',
        cacheControl: 'no-store',
      });
    },
  );

  app.get(
    '/api/press_room/accreditation/:id/badge/',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'The press badge (PDF) of an approved accreditation, until its edition ends',
        params: idParams,
      },
    },
    async (request, reply) => {
      const detail = await service.badgeRequest(app, request.user!, request.params.id);
      const language = detail.user.language as Parameters<typeof renderBadgePdf>[0]['language'];
      const pdf = await renderBadgePdf({
        language,
        siteName: detail.siteName,
        name: holderName(detail),
        outlet: detail.request.outlet,
        role: detail.request.role,
        edition: detail.edition.name,
        dates: editionDates(language, detail.edition.startsOn, detail.edition.endsOn),
        validUntil: longDate(language, detail.edition.endsOn),
        checkUrl: badgeCheckUrl(detail),
        code: formatBadgeCode(detail.request.badgeCode),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="press-badge-${detail.request.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  const answer = (detail: Awaited<ReturnType<typeof service.checkBadge>>['valid']) =>
    detail
      ? {
          valid: true,
          name: holderName(detail),
          outlet: detail.request.outlet,
          edition: detail.edition.name,
          site: detail.siteName,
          valid_until: detail.edition.endsOn,
        }
      : { valid: false, name: null, outlet: null, edition: null, site: null, valid_until: null };

  app.get(
    '/api/badges/:token/',
    {
      schema: {
        tags,
        summary:
          "The gate's check of a badge's QR code: valid while the accreditation stands; name and outlet only",
        params: tokenParams,
        response: { 200: badgeCheckSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer((await service.checkBadge(app, request.params.token)).valid);
    },
  );

  app.get(
    '/badges/:token',
    {
      schema: { hide: true, params: tokenParams },
    },
    async (request, reply) => {
      const badge = await service.checkBadge(app, request.params.token);
      const result = answer(badge.valid);
      const language = request.language;
      const html = renderBadgePage({
        language,
        // The badge's site, whichever host the QR code was opened on; the host's for a token we never signed.
        siteName: badge.siteName ?? request.site.name,
        holder: result.valid
          ? {
              name: result.name!,
              outlet: result.outlet!,
              edition: result.edition!,
              validUntil: longDate(language, result.valid_until!),
            }
          : null,
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );

  // ------------------------------------------------------------------------------------------- the office

  app.get(
    apiPaths.accreditationQueue,
    {
      preValidation: accredit,
      schema: {
        tags: officeTags,
        summary:
          'Accreditation requests: waiting ones first, by edition, status and country, with their proofs',
        querystring: accreditationQueueQuerySchema,
        response: { 200: accreditationQueueSchema },
      },
    },
    async (request) => {
      const today = service.todayOf(app);
      const { results, countries } = await service.queue(app, request.query);
      return { results: results.map((detail) => presentQueueItem(detail, today)), countries };
    },
  );

  app.post(
    apiPaths.accreditationDecide,
    {
      preValidation: accredit,
      schema: {
        tags: officeTags,
        summary:
          'Approves, rejects (with a reason) or asks for more (with a question), for one or many requests',
        body: accreditationDecisionSchema,
        response: { 200: accreditationDecisionResultSchema },
      },
    },
    async (request) => {
      const today = service.todayOf(app);
      const decided = await service.decide(app, request.user!, request.body);
      return { results: decided.map((detail) => presentQueueItem(detail, today)) };
    },
  );

  app.get(
    apiPaths.editions,
    {
      preValidation: readEditions,
      schema: {
        tags: officeTags,
        summary: "The fair's editions on every site, newest first, with their requests by status",
        response: { 200: editionListSchema },
      },
    },
    async () => ({ results: (await service.editions(app)).map(presentEdition) }),
  );

  const oneEdition = async (id: number) => {
    const found = (await service.editions(app)).find((row) => row.edition.id === id);
    if (!found) throw notFound();
    return presentEdition(found);
  };

  app.post(
    apiPaths.editions,
    {
      preValidation: accredit,
      schema: {
        tags: officeTags,
        summary: 'Adds an edition of the fair to a site',
        body: editionCreateSchema,
        response: { 201: editionSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await oneEdition(await service.createEdition(app, request.body))),
  );

  app.patch(
    '/api/back_office/editions/:id/',
    {
      preValidation: accredit,
      schema: {
        tags: officeTags,
        summary: "Changes an edition's name, dates or whether proof is required",
        params: idParams,
        body: editionUpdateSchema,
        response: { 200: editionSchema },
      },
    },
    async (request) => {
      await service.updateEdition(app, request.params.id, request.body);
      return oneEdition(request.params.id);
    },
  );

  app.delete(
    '/api/back_office/editions/:id/',
    {
      preValidation: accredit,
      schema: { tags: officeTags, summary: 'Removes an edition that has no requests', params: idParams },
    },
    async (request, reply) => {
      await service.deleteEdition(app, request.params.id);
      return reply.code(204).send();
    },
  );
};
