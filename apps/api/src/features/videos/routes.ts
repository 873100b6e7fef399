import path from 'node:path';
import { Readable } from 'node:stream';
import {
  apiPaths,
  videoAdminQuerySchema,
  videoCaptionMaxBytes,
  videoCaptionParamsSchema,
  videoListSchema,
  videoParamsSchema,
  videoPartReceivedSchema,
  videoPosterMaxBytes,
  videoPosterParamsSchema,
  videoSchema,
  videoUpdateSchema,
  videoUploadCompleteSchema,
  videoUploadCreateSchema,
  videoUploadParamsSchema,
  videoUploadPartParamsSchema,
  videoUploadSchema,
} from '@pressroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { isFirstRead, sendStoredFile } from '../../lib/file-response.ts';
import { printIsOriginal, renditionPath } from '../../lib/image-renditions.ts';
import { scopedSigner, signerFor } from '../../lib/signed-urls.ts';
import { temporaryDirectory } from '../../lib/storage/index.ts';
import { receiveForm, registerMultipart, uploadLimits } from '../../lib/uploads.ts';
import { formatBytes } from '../../lib/zip-download.ts';
import { presentVideo } from './presenters.ts';
import * as repository from './repository.ts';
import * as service from './service.ts';

/**
 * Videos of releases and galleries: the office uploads one in parts and completes it as a release's or a
 * gallery's, sets its poster, captions and texts; readers stream it (HTTP Range), download it and count its
 * plays, under the visibility of its release or gallery.
 */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  // A part arrives as raw bytes: the handler streams them, counting, rather than have them buffered.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  const officeTags = ['back office: videos'];
  const tags = ['videos'];
  // Whoever may edit some release or gallery; which one is the service's rule.
  const contentWriter = app.requireAnyPermission(
    'press_release.manage_all',
    'press_release.publish_own_company',
    'press_release.write_own_company',
    'gallery.manage_all',
    'gallery.publish_own_company',
    'gallery.write_own_company',
  );

  /** The editor's addresses: signed for this site, naming the editor (a draft's video plays for them only). */
  const officeAddress = (request: FastifyRequest) =>
    scopedSigner(signerFor(app, request), `editor=${request.user!.id}`);
  const present = async (request: FastifyRequest, video: repository.VideoRow) =>
    presentVideo(video, await repository.captionsOf(app.db, [video.id]), officeAddress(request));

  app.post(
    apiPaths.videoUploads,
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'Begins a video upload in parts: its size (at most VIDEO_MAX_BYTES) and name',
        body: videoUploadCreateSchema,
        response: { 201: videoUploadSchema },
      },
    },
    async (request, reply) => {
      const upload = await service.beginUpload(app, request.user!, request.body);
      return reply.code(201).send({
        id: upload.id,
        part_size: app.config.videoPartBytes,
        max_size: app.config.videoMaxBytes,
      });
    },
  );

  app.put(
    apiPaths.videoUploadPart(':id', ':number'),
    {
      preValidation: contentWriter,
      // The part is bytes to store as they are.
      compress: false,
      schema: {
        tags: officeTags,
        summary: 'One part of a video upload (application/octet-stream; part_size bytes, the last the rest)',
        description:
          'A part larger than its share of the declared size is cut off while it arrives (400) and nothing of it is kept.',
        params: videoUploadPartParamsSchema,
        response: { 200: videoPartReceivedSchema },
      },
    },
    async (request) => {
      if (!(request.body instanceof Readable)) {
        throw validationError({ non_field_errors: ['malformedRequest'] });
      }
      const length = Number(request.headers['content-length']);
      const received = await service.receivePart(
        app,
        request.user!,
        request.params.id,
        request.params.number,
        request.body,
        Number.isFinite(length) ? length : null,
      );
      return { received_size: received };
    },
  );

  app.post(
    apiPaths.videoUploadComplete(':id'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: "Joins the parts and makes the file a release's or a gallery's video (MP4 H.264 or WebM)",
        params: videoUploadParamsSchema,
        body: videoUploadCompleteSchema,
        response: { 201: videoSchema },
      },
    },
    async (request, reply) => {
      const video = await service.completeUpload(app, request.user!, request.params.id, request.body);
      return reply.code(201).send(await present(request, video));
    },
  );

  app.delete(
    apiPaths.videoUpload(':id'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'Cancels an unfinished upload (its parts are removed)',
        params: videoUploadParamsSchema,
      },
    },
    async (request, reply) => {
      await service.cancelUpload(app, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    apiPaths.videosAdmin,
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'The videos of one release or one gallery, in order',
        querystring: videoAdminQuerySchema,
        response: { 200: videoListSchema },
      },
    },
    async (request) => {
      const { press_release: pressReleaseId, gallery: galleryId } = request.query;
      const owner = pressReleaseId !== undefined ? { pressReleaseId } : { galleryId: galleryId as number };
      const rows = await service.videosForOffice(app, request.user!, owner);
      const captions = await repository.captionsOf(
        app.db,
        rows.map((row) => row.id),
      );
      const address = officeAddress(request);
      return { results: rows.map((row) => presentVideo(row, captions, address)) };
    },
  );

  app.get(
    apiPaths.videoAdmin(':id'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'One video as its editors see it',
        params: videoParamsSchema,
        response: { 200: videoSchema },
      },
    },
    async (request) => present(request, await service.editableVideo(app, request.user!, request.params.id)),
  );

  app.patch(
    apiPaths.videoAdmin(':id'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: "Changes a video's title, credit or position (only the fields sent)",
        params: videoParamsSchema,
        body: videoUpdateSchema,
        response: { 200: videoSchema },
      },
    },
    async (request) =>
      present(request, await service.updateVideo(app, request.user!, request.params.id, request.body)),
  );

  app.delete(
    apiPaths.videoAdmin(':id'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'Deletes a video with its poster and captions',
        params: videoParamsSchema,
      },
    },
    async (request, reply) => {
      await service.deleteVideo(app, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  /** Reads the one file of a multipart request into a temporary file, refusing it past `limit` bytes. */
  const receiveOneFile = async (request: FastifyRequest, limit: number, tooLarge: () => ApiError) => {
    const form = await receiveForm(
      request,
      temporaryDirectory(app.config.dataDir, 'videos', 'uploads'),
      uploadLimits('file', { files: 1, fileSize: limit, tooLarge }),
    );
    const file = form.files.find((candidate) => candidate.field === 'file');
    if (!file) {
      await form.cleanup();
      throw validationError({ file: ['fileRequired'] });
    }
    return { file, cleanup: form.cleanup };
  };

  app.put(
    apiPaths.videoAdminPoster(':id'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'Sets the poster (multipart `file`: JPEG, PNG or WebP), with web and print renditions',
        params: videoParamsSchema,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const { file, cleanup } = await receiveOneFile(
        request,
        videoPosterMaxBytes,
        () =>
          new ApiError(
            400,
            { file: ['fileTooLarge'] },
            { name: 'poster', limit: formatBytes(videoPosterMaxBytes) },
          ),
      );
      try {
        return await present(request, await service.setPoster(app, request.user!, request.params.id, file));
      } finally {
        await cleanup();
      }
    },
  );

  app.put(
    apiPaths.videoAdminCaptions(':id', ':language'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'Sets the captions of one language (multipart `file`: WebVTT, UTF-8, at most 512 kB)',
        params: videoCaptionParamsSchema,
        response: { 200: videoSchema },
      },
    },
    async (request) => {
      const { file, cleanup } = await receiveOneFile(
        request,
        videoCaptionMaxBytes,
        () =>
          new ApiError(400, { file: ['videoCaptionTooLarge'] }, { limit: formatBytes(videoCaptionMaxBytes) }),
      );
      try {
        const { id, language } = request.params;
        return await present(request, await service.setCaptions(app, request.user!, id, language, file));
      } finally {
        await cleanup();
      }
    },
  );

  app.delete(
    apiPaths.videoAdminCaptions(':id', ':language'),
    {
      preValidation: contentWriter,
      schema: {
        tags: officeTags,
        summary: 'Removes the captions of one language',
        params: videoCaptionParamsSchema,
      },
    },
    async (request, reply) => {
      await service.deleteCaptions(app, request.user!, request.params.id, request.params.language);
      return reply.code(204).send();
    },
  );

  // ------------------------------------------------------------------------------------------------ readers

  // Signed links carry their site, expiry, signature, what they say of their viewer, and a version.
  const linkQuery = z.looseObject({ expires: z.string().optional(), signature: z.string().optional() });
  const readerOptions = {
    preHandler: app.authenticateOptional,
    // Ranges of a compressed body would not match the file's bytes.
    compress: false as const,
  };

  const sendVideo =
    (disposition: 'inline' | 'attachment') => async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as { id: number };
      const video = await service.readableVideo(app, request, id);
      if (disposition === 'attachment' && isFirstRead(request)) {
        app.readCounter.count(request, 'video_download', video.id);
      }
      return sendStoredFile(request, reply, {
        key: video.fileKey,
        mime: video.contentType,
        etag: video.checksum,
        fileName: video.fileName,
        disposition,
      });
    };

  app.get(
    apiPaths.videoStream(':id'),
    {
      ...readerOptions,
      schema: {
        tags,
        summary: 'The video, for a <video> element: HTTP Range (206, 416), under its owner visibility',
        params: videoParamsSchema,
        querystring: linkQuery,
      },
    },
    sendVideo('inline'),
  );

  app.get(
    apiPaths.videoDownload(':id'),
    {
      ...readerOptions,
      schema: {
        tags,
        summary: 'The original video as an attachment under its own name (counted as a download)',
        params: videoParamsSchema,
        querystring: linkQuery,
      },
    },
    sendVideo('attachment'),
  );

  app.post(
    apiPaths.videoPlays(':id'),
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'Counts a play of the video (the player calls it once, when playback starts)',
        params: videoParamsSchema,
      },
    },
    async (request, reply) => {
      const video = await service.readableVideo(app, request, request.params.id);
      app.readCounter.count(request, 'video_play', video.id);
      return reply.code(204).send();
    },
  );

  app.get(
    apiPaths.videoCaptions(':id', ':language'),
    {
      ...readerOptions,
      schema: {
        tags,
        summary: 'The captions of one language (text/vtt), for a <track> element',
        params: videoCaptionParamsSchema,
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const video = await service.readableVideo(app, request, request.params.id);
      const caption = await repository.findCaption(app.db, video.id, request.params.language);
      if (!caption) throw notFound();
      return sendStoredFile(request, reply, {
        key: caption.fileKey,
        mime: 'text/vtt; charset=utf-8',
        etag: path.basename(caption.fileKey, '.vtt'),
        fileName: `${path.parse(video.fileName).name}.${caption.language}.vtt`,
        disposition: 'inline',
      });
    },
  );

  app.get(
    apiPaths.videoPoster(':id', ':kind' as 'web'),
    {
      ...readerOptions,
      schema: {
        tags,
        summary: "The poster's web (1600 px) or print (3000 px, or the original when smaller) JPEG",
        params: videoPosterParamsSchema,
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const video = await service.readableVideo(app, request, request.params.id);
      const facts = video.posterRenditions;
      if (!facts || !video.posterChecksum || !video.posterKey) throw notFound();
      const { kind } = request.params;
      const name = `${path.parse(video.fileName).name}-poster`;
      if (kind === 'print' && printIsOriginal(facts.original)) {
        return sendStoredFile(request, reply, {
          key: video.posterKey,
          mime: facts.original.mime,
          etag: video.posterChecksum,
          fileName: `${name}${path.extname(video.posterKey)}`,
          disposition: 'inline',
        });
      }
      return sendStoredFile(request, reply, {
        key: renditionPath(kind, video.posterChecksum),
        mime: 'image/jpeg',
        etag: `${video.posterChecksum}-${kind}`,
        fileName: `${name}-${kind}.jpg`,
        disposition: 'inline',
      });
    },
  );
};
