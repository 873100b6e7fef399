import path from 'node:path';
import {
  type CoverRenditionWidth,
  coverRenditionFormats,
  coverRenditionsOf,
  coverRenditionWidths,
} from '@pressroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type LinkedRelease,
  releaseLinkServes as linkServes,
  previewLinkServes,
  viewerOf,
} from '../../access/index.ts';
import { notFound } from '../../lib/api-error.ts';
import { isFirstRead, sendStoredFile } from '../../lib/file-response.ts';
import { printIsOriginal, renditionPath } from '../../lib/image-renditions.ts';
import { linkViewer, signedForThisSite } from '../../lib/signed-urls.ts';
import { coverRenditionMime, ensureCoverRendition } from './cover-renditions.ts';
import { ensureReleaseRenditions, fillMissingReleaseRenditions } from './files-service.ts';
import { parseId } from './public-routes.ts';
import { findFileForViewer } from './release-detail-repository.ts';

/**
 * Attachments and images of releases. A file is served when its release is visible to the caller: to anyone
 * once public; under embargo to press users (by token, or by the signed URL their release view carries); in
 * the back office to its editors (signed URLs). A signed URL serves what the viewer it stands for may read
 * now (the access rules' releaseLinkServes), not what they could when it was made. Otherwise 404, so nothing reveals that the file
 * exists. A picture is also served in its web and print renditions, under the same rules.
 */
export const pressReleaseFileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Pictures stored before renditions existed get them in the background once the server is up; closing
  // waits for the picture in hand.
  let filling: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    filling = fillMissingReleaseRenditions(app).catch((error) =>
      app.log.error(
        { err: error },
        "making the release pictures' missing renditions failed; the next start tries again",
      ),
    );
  });
  app.addHook('onClose', async () => {
    await filling;
  });

  // What a preview's link serves is for one named reader: kept by no cache, never indexed, its address sent on
  // to no other site, as the preview's own answer.
  const previewAnswers = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (previewAnswers.has(request)) {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      reply.header('referrer-policy', 'no-referrer');
    }
    return payload;
  });

  /** A signed link for this site, whose viewer may still read the release. */
  const servedByLink = async (request: FastifyRequest, release: LinkedRelease) => {
    if (!signedForThisSite(app, request)) return false;
    const named = await linkViewer(app, request.site.id, request.raw.url ?? request.url);
    if (named?.preview !== undefined) {
      const served = await previewLinkServes(app.db, named.preview, release.id, app.clock.now());
      if (served) previewAnswers.add(request);
      return served;
    }
    return named !== null && linkServes(named, release, app.clock.now());
  };

  const serve =
    (variant: 'original' | 'thumbnail' | 'web' | 'print') =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const id = parseId((request.params as { id: string }).id);
      const found = await findFileForViewer(app.db, viewerOf(request), id);
      if (!found) throw notFound();
      if (!found.visible && !(await servedByLink(request, found.release))) throw notFound();
      const { file } = found;
      if (variant === 'web' || variant === 'print') {
        if (file.kind !== 'image') throw notFound();
        const renditions = await ensureReleaseRenditions(app, file);
        // The renditions are downloads, as the original fetched by anything but an <img>.
        if (isFirstRead(request)) app.readCounter.count(request, 'release_image_download', file.id);
        if (variant === 'print' && printIsOriginal(renditions.original)) {
          return sendStoredFile(request, reply, {
            key: file.storagePath,
            mime: file.contentType,
            etag: file.sha256,
            fileName: file.originalName,
            disposition: 'attachment',
          });
        }
        return sendStoredFile(request, reply, {
          key: renditionPath(variant, file.sha256),
          mime: 'image/jpeg',
          etag: `${file.sha256}-${variant}`,
          fileName: `${path.parse(file.originalName).name}-${variant}.jpg`,
          disposition: 'attachment',
        });
      }
      const relative = variant === 'thumbnail' ? file.thumbnailPath : file.storagePath;
      if (!relative) throw notFound();
      // An attachment's file, and a picture's original fetched by anything but an <img> (the preview dialog
      // shows the original; its release's view is counted), are downloads. The thumbnail only shows it.
      if (variant === 'original' && isFirstRead(request)) {
        if (file.kind !== 'image') app.readCounter.count(request, 'release_file_download', file.id);
        else if (request.headers['sec-fetch-dest'] !== 'image') {
          app.readCounter.count(request, 'release_image_download', file.id);
        }
      }
      return sendStoredFile(request, reply, {
        key: relative,
        mime: variant === 'thumbnail' ? 'image/webp' : file.contentType,
        etag: variant === 'thumbnail' ? `${file.sha256}-thumbnail` : file.sha256,
        fileName: variant === 'thumbnail' ? `${path.parse(file.originalName).name}.webp` : file.originalName,
        disposition: file.kind === 'image' ? 'inline' : 'attachment',
      });
    };

  const options = {
    preHandler: app.authenticateOptional,
    // Ranges of a compressed body would not match the file's bytes.
    compress: false as const,
    schema: {
      tags: ['press releases'],
      params: z.object({ id: z.string() }),
      querystring: z.looseObject({ expires: z.string().optional(), signature: z.string().optional() }),
    },
  };
  app.get(
    '/api/press_room/press_release_file/:id/',
    { ...options, schema: { ...options.schema, summary: 'An attachment or image of a release' } },
    serve('original'),
  );
  app.get(
    '/api/press_room/press_release_file/:id/thumbnail/',
    { ...options, schema: { ...options.schema, summary: 'The WebP preview of an image of a release' } },
    serve('thumbnail'),
  );
  app.get(
    '/api/press_room/press_release_file/:id/web/',
    {
      ...options,
      schema: {
        ...options.schema,
        summary: 'An image of a release as an sRGB JPEG for the web (1600 px long side)',
      },
    },
    serve('web'),
  );
  app.get(
    '/api/press_room/press_release_file/:id/print/',
    {
      ...options,
      schema: {
        ...options.schema,
        summary:
          'An image of a release for print: an sRGB JPEG of 3000 px long side, or the original when smaller',
      },
    },
    serve('print'),
  );
  app.get(
    '/api/press_room/press_release_file/:id/cover/:width/:format/',
    {
      ...options,
      schema: {
        ...options.schema,
        summary: "A release picture as a cover: WebP or JPEG at one of the covers' widths, for srcset",
        params: z.object({
          id: z.string(),
          width: z.enum(coverRenditionWidths.map(String) as [`${CoverRenditionWidth}`]),
          format: z.enum(coverRenditionFormats),
        }),
      },
    },
    async (request, reply) => {
      const params = request.params;
      const found = await findFileForViewer(app.db, viewerOf(request), parseId(params.id));
      if (found?.file.kind !== 'image') throw notFound();
      if (!found.visible && !(await servedByLink(request, found.release))) throw notFound();
      const { file } = found;
      const step = Number(params.width) as CoverRenditionWidth;
      // A picture narrower than the step has no larger rendition than the one at its own width.
      if (!coverRenditionsOf(file.width).some((made) => made.step === step)) throw notFound();
      const key = await ensureCoverRendition(app, file, step, params.format);
      // Shown in a list or on a page, never downloaded: not counted.
      return sendStoredFile(request, reply, {
        key,
        mime: coverRenditionMime(params.format),
        etag: `${file.sha256}-cover-${step}-${params.format}`,
        fileName: `${path.parse(file.originalName).name}-${step}.${params.format === 'webp' ? 'webp' : 'jpg'}`,
        disposition: 'inline',
      });
    },
  );
};
