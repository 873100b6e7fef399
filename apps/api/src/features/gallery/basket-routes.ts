import {
  apiPaths,
  basketChangeSchema,
  basketDownloadRequestSchema,
  basketSchema,
  galleryDownloadSchema,
  idParamSchema,
  renditionSizes,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedOrPermission, signerFor } from '../../lib/signed-urls.ts';
import { sendZip } from '../../lib/zip-download.ts';
import { readerParam, withReader } from '../../plugins/read-counter.ts';
import * as basket from './basket.ts';
import { presentCredit } from './downloads.ts';
import { fillMissingRenditions } from './renditions.ts';

const tags = ['basket'];
/** A signed link's ids: digits and commas, as signed (empty when the basket has none of the kind). */
const idList = z
  .string()
  .regex(/^(\d{1,10}(,\d{1,10}){0,999})?$/, { error: 'fieldInvalid' })
  .optional();

/**
 * A journalist's basket across galleries and sites: kept on the server for the signed-in user, so it
 * follows them to the other site and device; downloaded as one streamed ZIP in the size they choose, a folder
 * per gallery and CREDITS.txt.
 */
export const basketRoutes: FastifyPluginAsyncZod = async (app) => {
  const pressArea = app.requirePermission('press_area.access');

  // Images stored before renditions existed get them in the background once the server is up; closing waits
  // for the image in hand.
  let filling: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    filling = fillMissingRenditions(app).catch((error) =>
      app.log.error({ err: error }, 'making the missing renditions failed; the next start tries again'),
    );
  });
  app.addHook('onClose', async () => {
    await filling;
  });

  app.get(
    apiPaths.basket,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          "The signed-in user's basket: its pictures and videos, their count and total size in each size",
        response: { 200: basketSchema },
      },
    },
    async (request) => basket.basketFor(app, request.user!, signerFor(app, request)),
  );

  app.post(
    apiPaths.basket,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          'Adds gallery pictures (images), release pictures (release_images) and videos the user may see on this site (already there: kept once)',
        body: basketChangeSchema,
        response: { 200: basketSchema },
      },
    },
    async (request) =>
      basket.addToBasket(
        app,
        { user: request.user!, siteId: request.site.id },
        request.body,
        signerFor(app, request),
      ),
  );

  app.post(
    apiPaths.basketRemove,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Removes pictures and videos from the basket',
        body: basketChangeSchema,
        response: { 200: basketSchema },
      },
    },
    async (request) => basket.removeFromBasket(app, request.user!, request.body, signerFor(app, request)),
  );

  const galleryParams = z.object({ id: idParamSchema });
  app.post(
    apiPaths.basketGallery(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          'Adds every picture and video of a gallery the user may see on this site (already there: kept once)',
        params: galleryParams,
        response: { 200: basketSchema },
      },
    },
    async (request) =>
      basket.changeGalleryInBasket(
        app,
        { user: request.user!, siteId: request.site.id },
        request.params.id,
        'add',
        signerFor(app, request),
      ),
  );

  app.delete(
    apiPaths.basketGallery(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Removes every picture and video of a gallery the user may see on this site from the basket',
        params: galleryParams,
        response: { 200: basketSchema },
      },
    },
    async (request) =>
      basket.changeGalleryInBasket(
        app,
        { user: request.user!, siteId: request.site.id },
        request.params.id,
        'remove',
        signerFor(app, request),
      ),
  );

  app.delete(
    apiPaths.basket,
    {
      preValidation: pressArea,
      schema: { tags, summary: 'Empties the basket', response: { 200: basketSchema } },
    },
    async (request) => basket.removeFromBasket(app, request.user!, null, signerFor(app, request)),
  );

  app.post(
    apiPaths.basketDownload,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          'Prepares the ZIP of the basket in one size: its total, the credits, and the link to fetch it',
        body: basketDownloadRequestSchema,
        response: { 200: galleryDownloadSchema },
      },
    },
    async (request) => {
      const { size } = request.body;
      const plan = await basket.planBasketDownload(app, { user: request.user! }, size, request.language);
      const { images, releaseImages, videos } = basket.signedIds(plan);
      return {
        url: signerFor(
          app,
          request,
        )(
          withReader(
            `${apiPaths.basketDownload}?images=${images}&release_images=${releaseImages}&videos=${videos}&size=${size}&lang=${request.language}`,
            readerParam(request),
          ),
        ),
        file_name: plan.fileName,
        file_count: plan.entries.length + plan.videos.length,
        total_size: plan.totalSize,
        credits: plan.credits.map(presentCredit),
      };
    },
  );

  app.get(
    apiPaths.basketDownload,
    {
      // The images were checked when the link was signed; without a signature, the caller's own basket.
      preValidation: signedOrPermission(app, 'press_area.access'),
      compress: false,
      schema: {
        tags,
        summary: 'The basket as one streamed ZIP: a folder per gallery, CREDITS.txt in the reader language',
        querystring: z.looseObject({
          images: idList,
          release_images: idList,
          videos: idList,
          size: z.enum(renditionSizes, { error: 'fieldInvalid' }).default('original'),
          lang: z.string().max(5).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { images, release_images: releaseImages, videos, size, lang } = request.query;
      const language = lang && /^[a-z]{2}$/.test(lang) ? lang : request.language;
      const ids = (list: string | undefined) => (list ? list.split(',').map(Number) : []);
      const source = request.user
        ? { user: request.user }
        : { images: ids(images), releaseImages: ids(releaseImages), videos: ids(videos) };
      const plan = await basket.planBasketDownload(app, source, size, language);
      app.readCounter.count(request, 'zip_download');
      for (const entry of plan.entries) {
        app.readCounter.count(
          request,
          entry.kind === 'gallery_image' ? 'image_download' : 'release_image_download',
          entry.id,
        );
      }
      for (const { video } of plan.videos) app.readCounter.count(request, 'video_download', video.id);
      return sendZip(request, reply, {
        fileName: plan.fileName,
        files: basket.basketZipEntries(plan),
        texts: [
          {
            name: 'CREDITS.txt',
            content: basket.basketCreditsText(plan, language, request.site.name, app.clock.now()),
          },
        ],
      });
    },
  );
};
