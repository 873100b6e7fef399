import {
  type PressReleaseEdit,
  type PressReleaseEditListItem,
  pressReleaseCompanyListSchema,
  pressReleaseCompanyQuerySchema,
  pressReleaseEditListItemSchema,
  pressReleaseEditSchema,
  pressReleaseFileSchema,
  pressReleaseFileUpdateSchema,
  pressReleaseInputSchema,
  pressReleaseStatusChangeSchema,
  pressReleaseStatuses,
  pressReleaseUpdateSchema,
} from '@pressroom/contract';
import { type Database, pressReleases } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { embargoEndOf, type LinkFacts, releaseLinkScope } from '../../access/index.ts';
import { notAuthenticated, permissionDenied } from '../../lib/api-error.ts';
import { currentEdition } from '../../lib/current-edition.ts';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { receiveForm, registerMultipart, uploadLimits } from '../../lib/uploads.ts';
import {
  canUseBackOffice,
  changeStatus,
  companyChoices,
  createRelease,
  deleteRelease,
  type Editor,
  editableScope,
  editorOf,
  isScheduled,
  loadRelease,
  releaseForEditing,
  updateRelease,
} from './editing-service.ts';
import { featureRelease, unfeatureRelease } from './featured-service.ts';
import { addFiles, deleteFile, updateFile } from './files-service.ts';
import { adminReleaseColumns, adminReleaseSource } from './list-repository.ts';
import { presentFile, type UrlSigner } from './presenter.ts';
import { parseId, releaseFilterQuery } from './public-routes.ts';
import { releaseLinkFacts } from './release-detail-repository.ts';
import { filterConditions } from './release-rows.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Files of releases seen from the back office are always signed: drafts and embargoed ones are not public.
 * The links of a release the site's press reads are theirs; the others name the editor they were made for.
 */
function signerFor(request: FastifyRequest, release: LinkFacts | null): UrlSigner {
  return {
    secret: request.server.config.secretKey,
    now: request.server.clock.now(),
    site: request.site.id,
    sign: true,
    scope: release
      ? releaseLinkScope(
          { user: request.user, siteId: request.site.id, now: request.server.clock.now() },
          release,
        )
      : '',
  };
}

async function presentForEditing(
  db: Database,
  id: number,
  request: FastifyRequest,
): Promise<PressReleaseEdit> {
  const { release, groups, featuredGroups, translations, files } = await releaseForEditing(db, id);
  const signer = signerFor(request, { status: release.status, groups });
  const now = request.server.clock.now();
  return {
    id: release.id,
    number: release.number,
    year: Number(release.publicationDate.slice(0, 4)),
    publication_date: release.publicationDate,
    status: release.status as PressReleaseEdit['status'],
    groups,
    company_id: release.companyId,
    embargo_until: iso(release.embargoUntil),
    embargo_end: iso(await embargoEndOf(db, release.id)),
    publish_at: iso(release.publishAt),
    scheduled: isScheduled(release, now),
    cover_file_id: release.coverFileId,
    featured_groups: featuredGroups,
    time_zone: await publicationTimeZone(request, now),
    created_by: release.createdById,
    submitted_at: iso(release.submittedAt),
    published_at: iso(release.publishedAt),
    updated_at: new Date(release.updatedAt).toISOString(),
    translations: translations.map((translation) => ({
      language: translation.language,
      title: translation.title,
      subtitle: translation.subtitle,
      body: translation.body,
    })),
    attachments: files.filter((file) => file.kind !== 'image').map((file) => presentFile(file, signer)),
    images: files.filter((file) => file.kind === 'image').map((file) => presentFile(file, signer)),
  };
}

/** The zone publication times are told in on the request's site: its fair's (current edition), else the default. */
async function publicationTimeZone(request: FastifyRequest, now: Date): Promise<string> {
  const edition = await currentEdition(request.server.db, request.site.id, now.toISOString().slice(0, 10));
  return edition?.timeZone ?? request.server.config.fairTimeZone;
}

/** The signed-in user as an editor of releases; 401 when signed out, 403 without any release permission. */
function requireEditor(request: FastifyRequest): Editor {
  if (!request.user) throw notAuthenticated();
  const editor = editorOf(request.user);
  if (!canUseBackOffice(editor)) throw permissionDenied();
  return editor;
}

const idParams = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), fileId: z.string() });
const featuredParams = z.object({ id: z.string(), group: z.string() });
const tags = ['press releases (back office)'];
const security = [{ jwt: [] }];

/** Attachments or pictures one upload request may carry. */
const releaseFilesPerUpload = 20;

export const pressReleaseEditingRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  // Before validation, so a caller who may not edit releases learns nothing from the body rules.
  app.addHook('preValidation', async (request, reply) => {
    await app.authenticate(request, reply);
    requireEditor(request);
  });

  app.get(
    '/api/press_room/admin/press_release_companies/',
    {
      schema: {
        tags,
        security,
        summary: 'Companies the user may give a release (by name or id; a company editor gets their own)',
        querystring: pressReleaseCompanyQuerySchema,
        response: { 200: pressReleaseCompanyListSchema },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const found = await companyChoices(app.db, editor, {
        search: request.query.search?.replaceAll('\u0000', ''),
        id: request.query.id,
      });
      return { results: found.map((company) => ({ id: company.id, name: company.name })) };
    },
  );

  app.get(
    '/api/press_room/admin/press_release/',
    {
      schema: {
        tags,
        security,
        summary: 'Releases of every status the user may edit',
        querystring: listQuerySchema.extend(releaseFilterQuery.shape).extend({
          status: z.preprocess(
            (value) => (value === '' ? undefined : value),
            z.enum(pressReleaseStatuses, { error: 'fieldInvalid' }).optional(),
          ),
        }),
        response: { 200: listResponseSchema(pressReleaseEditListItemSchema) },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const now = app.clock.now();
      const { status, ...filters } = request.query;
      const scope = [
        editableScope(editor),
        ...filterConditions({ ...filters, search: filters.search?.replaceAll('\u0000', '') }),
        status ? eq(pressReleases.status, status) : undefined,
      ];
      const page = await listResponse(request, {
        regexSearch: true,
        columns: adminReleaseColumns(),
        defaultOrder: [sql`${pressReleases.updatedAt} desc`],
        tiebreaker: [sql`${pressReleases.id} desc`],
        source: adminReleaseSource(app.db, scope, filters.language ?? request.language),
      });
      const present = (row: Awaited<ReturnType<ReturnType<typeof adminReleaseSource>['rows']>>[number]) =>
        ({
          id: row.id,
          number: row.number,
          year: row.year,
          publication_date: row.publicationDate,
          status: row.status as PressReleaseEditListItem['status'],
          groups: row.groups,
          company_id: row.companyId,
          embargo_until: iso(row.embargoUntil),
          publish_at: iso(row.publishAt),
          scheduled: isScheduled(row, now),
          created_by: row.createdById,
          submitted_at: iso(row.submittedAt),
          published_at: iso(row.publishedAt),
          updated_at: new Date(row.updatedAt).toISOString(),
          title: row.title,
          language: row.language,
        }) satisfies PressReleaseEditListItem;
      return 'data' in page
        ? { ...page, data: page.data.map(present) }
        : { ...page, results: page.results.map(present) };
    },
  );

  app.post(
    '/api/press_room/admin/press_release/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a release (a draft)',
        body: pressReleaseInputSchema,
        response: { 201: pressReleaseEditSchema },
      },
    },
    async (request, reply) => {
      const editor = requireEditor(request);
      const release = await createRelease(app.db, editor, request.body, app.clock.now());
      return reply.code(201).send(await presentForEditing(app.db, release.id, request));
    },
  );

  app.get(
    '/api/press_room/admin/press_release/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'A release with every translation, for editing',
        params: idParams,
        response: { 200: pressReleaseEditSchema },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const release = await loadRelease(app.db, editor, parseId(request.params.id));
      return presentForEditing(app.db, release.id, request);
    },
  );

  app.patch(
    '/api/press_room/admin/press_release/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Change a release (translations given replace all translations)',
        params: idParams,
        body: pressReleaseUpdateSchema,
        response: { 200: pressReleaseEditSchema },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const id = parseId(request.params.id);
      await updateRelease(app.db, editor, id, request.body, app.clock.now(), app.jobs);
      return presentForEditing(app.db, id, request);
    },
  );

  app.delete(
    '/api/press_room/admin/press_release/:id/',
    { schema: { tags, security, summary: 'Delete a release', params: idParams } },
    async (request, reply) => {
      const editor = requireEditor(request);
      await deleteRelease(app.db, editor, parseId(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/press_room/admin/press_release/:id/status/',
    {
      schema: {
        tags,
        security,
        summary: 'Submit, publish (at once or at a time to come), withdraw, cancel or send back a release',
        params: idParams,
        body: pressReleaseStatusChangeSchema,
        response: { 200: pressReleaseEditSchema },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const id = parseId(request.params.id);
      const now = app.clock.now();
      const { status, notify, publish_at: publishAt } = request.body;
      const edition = publishAt
        ? await currentEdition(app.db, request.site.id, now.toISOString().slice(0, 10))
        : null;
      await changeStatus(app.db, editor, id, status, now, {
        notify,
        jobs: app.jobs,
        publishAt: publishAt ? new Date(publishAt) : undefined,
        timeZone: edition?.timeZone ?? app.config.fairTimeZone,
      });
      return presentForEditing(app.db, id, request);
    },
  );

  app.put(
    '/api/press_room/admin/press_release/:id/featured/:group/',
    {
      schema: {
        tags,
        security,
        summary:
          "Feature a release at the top of one of its sites' Home (press office; at most three a site)",
        params: featuredParams,
        response: { 200: pressReleaseEditSchema },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const id = parseId(request.params.id);
      await featureRelease(app.db, editor, id, parseId(request.params.group));
      return presentForEditing(app.db, id, request);
    },
  );

  app.delete(
    '/api/press_room/admin/press_release/:id/featured/:group/',
    {
      schema: {
        tags,
        security,
        summary: "Take a release off the featured ones of a site's Home (press office)",
        params: featuredParams,
        response: { 200: pressReleaseEditSchema },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const id = parseId(request.params.id);
      await unfeatureRelease(app.db, editor, id, parseId(request.params.group));
      return presentForEditing(app.db, id, request);
    },
  );

  app.post(
    '/api/press_room/admin/press_release/:id/files/',
    {
      // Uploads are limited by UPLOAD_MAX_BYTES, not by the JSON body limit.
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        tags,
        security,
        summary: 'Upload attachments or images (multipart: kind, language, title, credit, file...)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: z.array(pressReleaseFileSchema) },
      },
    },
    async (request, reply) => {
      const editor = requireEditor(request);
      const id = parseId(request.params.id);
      // Checked before reading the upload, so a refused caller's bytes are never stored.
      await loadRelease(app.db, editor, id);
      const form = await receiveForm(
        request,
        temporaryDirectory(app.config.dataDir, 'uploads'),
        uploadLimits('file', { files: releaseFilesPerUpload, fileSize: app.config.uploadMaxBytes }),
      );
      try {
        const files = await addFiles(app, editor, id, form);
        const signer = signerFor(request, await releaseLinkFacts(app.db, id));
        return reply.code(201).send(files.map((file) => presentFile(file, signer)));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.patch(
    '/api/press_room/admin/press_release/:id/files/:fileId/',
    {
      schema: {
        tags,
        security,
        summary: 'Change the title, credit, language or position of a file',
        params: fileParams,
        body: pressReleaseFileUpdateSchema,
        response: { 200: pressReleaseFileSchema },
      },
    },
    async (request) => {
      const editor = requireEditor(request);
      const id = parseId(request.params.id);
      const file = await updateFile(app.db, editor, id, parseId(request.params.fileId), request.body);
      return presentFile(file, signerFor(request, await releaseLinkFacts(app.db, id)));
    },
  );

  app.delete(
    '/api/press_room/admin/press_release/:id/files/:fileId/',
    { schema: { tags, security, summary: 'Remove a file from a release', params: fileParams } },
    async (request, reply) => {
      const editor = requireEditor(request);
      await deleteFile(app.db, editor, parseId(request.params.id), parseId(request.params.fileId));
      return reply.code(204).send();
    },
  );
};
