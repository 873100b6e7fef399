import {
  apiPaths,
  coverageCreateSchema,
  coverageIdParamsSchema,
  coverageListSchema,
  coveragePageSchema,
  coverageQueueQuerySchema,
  coverageRejectSchema,
  coverageSchema,
  publicCoverageFiltersSchema,
  publicCoverageListSchema,
  publicCoveragePageSchema,
  publicCoverageQuerySchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredFile } from '../../lib/file-response.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { receiveForm, registerMultipart } from '../../lib/uploads.ts';
import {
  presentCoverage,
  presentCoverageList,
  presentCoveragePage,
  presentPublicCoverage,
  presentPublicFilters,
  presentPublicPage,
} from './presenters.ts';
import * as service from './service.ts';

/**
 * Coverage (decision 20): the press area reports published pieces and follows its own; the press office
 * reports too, approves or rejects; approved pieces are public, per site and per release. Clippings are read by
 * the office, the reporter and the named exhibitors' administrators only.
 */
export const coverageRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const tags = ['coverage'];
  const officeTags = ['back office: coverage'];
  const pressArea = app.requirePermission('press_area.access');
  const pressOffice = app.requirePermission('press_release.manage_all');

  app.post(
    apiPaths.coverage,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Report a published piece (waits for the press office; the same address twice is a 409)',
        body: coverageCreateSchema,
        response: { 201: coverageSchema },
      },
    },
    async (request, reply) => {
      const detail = await service.report(app, request.user!, request.site, request.body, 'journalist');
      return reply.code(201).send(presentCoverage(detail));
    },
  );

  app.get(
    apiPaths.coverage,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: "The signed-in user's reported pieces on the site with their status, newest first",
        response: { 200: coverageListSchema },
      },
    },
    async (request) => presentCoverageList(await service.reportsOf(app, request.user!, request.site)),
  );

  app.put(
    apiPaths.coverageClipping(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          'Add or replace the clipping (multipart: clipping, one PDF, JPEG or PNG): the reporter while the piece waits, the press office at any time',
        params: coverageIdParamsSchema,
        response: { 200: coverageSchema },
      },
    },
    async (request) => {
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        service.clippingUploadLimits,
      );
      try {
        return presentCoverage(
          await service.attachClipping(app, request.user!, request.site, request.params.id, form),
        );
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    apiPaths.coverageClipping(':id'),
    {
      preValidation: app.authenticate,
      compress: false,
      schema: {
        tags,
        summary:
          'The clipping: for the press office, the reporter and the named exhibitors only (copyright; never cached)',
        params: coverageIdParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await service.clippingFile(app, request.user!, request.params.id);
      return sendStoredFile(request, reply, {
        key: row.clippingPath as string,
        mime: row.clippingMime ?? 'application/octet-stream',
        etag: row.clippingChecksum ?? '',
        fileName: row.clippingName ?? 'clipping',
        disposition: 'inline',
        cacheControl: 'no-store',
      });
    },
  );

  app.get(
    apiPaths.coverageAdmin,
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: "A page of the site's coverage of one status (by default waiting), oldest report first",
        querystring: coverageQueueQuerySchema,
        response: { 200: coveragePageSchema },
      },
    },
    async (request) =>
      presentCoveragePage(await service.queue(app, request.user!, request.site, request.query)),
  );

  app.post(
    apiPaths.coverageAdmin,
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'The press office reports a piece (approved at once)',
        body: coverageCreateSchema,
        response: { 201: coverageSchema },
      },
    },
    async (request, reply) => {
      const detail = await service.report(app, request.user!, request.site, request.body, 'office');
      return reply.code(201).send(presentCoverage(detail));
    },
  );

  app.post(
    apiPaths.coverageApprove(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'Approve a waiting piece: it becomes public',
        params: coverageIdParamsSchema,
        response: { 200: coverageSchema },
      },
    },
    async (request) =>
      presentCoverage(await service.approve(app, request.user!, request.site, request.params.id)),
  );

  app.post(
    apiPaths.coverageReject(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'Reject a waiting piece with a reason (mailed to the journalist in their language)',
        params: coverageIdParamsSchema,
        body: coverageRejectSchema,
        response: { 200: coverageSchema },
      },
    },
    async (request) =>
      presentCoverage(
        await service.reject(app, request.user!, request.site, request.params.id, request.body.reason),
      ),
  );

  app.get(
    apiPaths.publicCoverage,
    {
      schema: {
        tags,
        summary:
          "A page of the site's approved coverage, newest first, by edition, exhibitor, country, language and media type",
        querystring: publicCoverageQuerySchema,
        response: { 200: publicCoveragePageSchema },
      },
    },
    async (request) => presentPublicPage(await service.publicList(app, request.site, request.query)),
  );

  app.get(
    apiPaths.publicCoverageFilters,
    {
      schema: {
        tags,
        summary:
          "What the public list's filters and the report form offer: the site's editions, and the exhibitors, countries, languages and media types of its approved coverage",
        response: { 200: publicCoverageFiltersSchema },
      },
    },
    async (request) => presentPublicFilters(await service.publicFilters(app, request.site)),
  );

  app.get(
    apiPaths.releaseCoverage(':id'),
    {
      schema: {
        tags,
        summary: "A release's approved coverage on the site, newest first (at most 100 pieces)",
        params: coverageIdParamsSchema,
        response: { 200: publicCoverageListSchema },
      },
    },
    async (request) => ({
      data: (await service.ofRelease(app, request.site, request.params.id)).map(presentPublicCoverage),
    }),
  );
};
