import { videoParamsSchema } from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerSeenBy } from '../../access/index.ts';
import { htmlType, knownLanguage, sendWithEtag } from '../../lib/public-page.ts';
import { renderEmbedPage } from '../../lib/public-video.ts';
import { asPageVideo } from './index.ts';
import { presentVideoForReader } from './presenters.ts';
import * as repository from './repository.ts';

// What any site may put in an `<iframe>`: the player of a public release's video and nothing else. The page
// runs no script, sets no cookie and names no outside address; its own policy lets it be framed anywhere,
// while every other page of the site keeps refusing to be framed.
const embedPolicy = [
  "default-src 'none'",
  "media-src 'self'",
  "img-src 'self'",
  "style-src 'unsafe-inline'",
  'frame-ancestors *',
].join('; ');

export const videoEmbedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/embed/videos/:id',
    {
      schema: {
        hide: true,
        params: videoParamsSchema,
        querystring: z.object({ lang: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const video = await repository.findVideo(app.db, request.params.id);
      // Only a release anyone may read now, on this site: galleries belong to the press area.
      const anyoneReads =
        video?.pressReleaseId != null &&
        (await ownerSeenBy(
          app.db,
          { pressReleaseId: video.pressReleaseId },
          { user: null, siteId: request.site.id, now: app.clock.now() },
          null,
        ));
      if (!video || !anyoneReads) {
        return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('');
      }
      const language = knownLanguage(request.query.lang) ?? request.language;
      const captions = await repository.captionsOf(app.db, [video.id]);
      const reader = presentVideoForReader(video, captions, {
        language,
        address: (pathAndQuery) => pathAndQuery,
        isPublic: true,
      });
      reply
        .header('content-security-policy', embedPolicy)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('referrer-policy', 'no-referrer')
        .removeHeader('x-frame-options');
      if (!request.query.lang) reply.header('vary', 'Accept-Language');
      return sendWithEtag(
        request,
        reply,
        htmlType,
        renderEmbedPage(asPageVideo(reader, video.fileName), language),
      );
    },
  );
};
