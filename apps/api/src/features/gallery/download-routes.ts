import {
  apiPaths,
  galleryDownloadRequestSchema,
  galleryDownloadSchema,
  idParamSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasSignature, scopedSigner, signerFor } from '../../lib/signed-urls.ts';
import { sendZip } from '../../lib/zip-download.ts';
import { readerParam, withReader } from '../../plugins/read-counter.ts';
import * as downloads from './downloads.ts';
import { galleryRouteSupport } from './route-support.ts';

/** A gallery's or a selection's ZIP: prepared (size, credits, signed link), then streamed. */
export const galleryDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pressArea, fileAccess, viewer, fileViewer } = galleryRouteSupport(app);

  app.post(
    apiPaths.galleryDownload,
    {
      preValidation: pressArea,
      schema: {
        tags: ['gallery'],
        summary: 'Prepares a ZIP of a gallery or a selection: size check, credits, and the link to fetch it',
        body: galleryDownloadRequestSchema,
        response: { 200: galleryDownloadSchema, 400: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => {
      const selection = request.body;
      const plan = await downloads.planDownload(app, viewer(request), selection, request.language);
      const ids = (list: { id: number }[]) => list.map(({ id }) => id).join(',');
      const query =
        selection.gallery !== undefined
          ? `gallery=${selection.gallery}`
          : [
              plan.images.length > 0 ? `images=${ids(plan.images.map(({ image }) => image))}` : '',
              plan.videos.length > 0 ? `videos=${ids(plan.videos)}` : '',
            ]
              .filter(Boolean)
              .join('&');
      return {
        url: scopedSigner(
          signerFor(app, request),
          plan.scope,
        )(withReader(`${apiPaths.galleryDownload}?${query}&lang=${request.language}`, readerParam(request))),
        file_name: plan.fileName,
        file_count: plan.images.length + plan.videos.length,
        total_size: plan.totalSize,
        credits: plan.credits.map(downloads.presentCredit),
      };
    },
  );

  app.get(
    apiPaths.galleryDownload,
    {
      preValidation: fileAccess,
      compress: false,
      schema: {
        tags: ['gallery'],
        summary: 'The ZIP of a gallery or a selection (streamed), with its videos and CREDITS.txt',
        querystring: z.looseObject({
          gallery: idParamSchema.optional(),
          images: z
            .string()
            .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, { error: 'fieldInvalid' })
            .optional(),
          videos: z
            .string()
            .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, { error: 'fieldInvalid' })
            .optional(),
          lang: z.string().max(5).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { gallery, images, videos, lang } = request.query;
      const language = lang && /^[a-z]{2}$/.test(lang) ? lang : request.language;
      const plan = await downloads.planDownload(
        app,
        await fileViewer(request),
        { gallery, images: images?.split(',').map(Number), videos: videos?.split(',').map(Number) },
        language,
        { fromLink: hasSignature(request) },
      );
      app.readCounter.count(request, 'zip_download');
      for (const { image } of plan.images) app.readCounter.count(request, 'image_download', image.id);
      for (const video of plan.videos) app.readCounter.count(request, 'video_download', video.id);
      return sendZip(request, reply, {
        fileName: plan.fileName,
        files: downloads.zipEntries(plan),
        texts: [
          {
            name: 'CREDITS.txt',
            content: downloads.creditsText(plan, language, request.site.name, app.clock.now()),
          },
        ],
      });
    },
  );
};
