import { apiPaths, siteInfoSchema } from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: the site of this request's hostname, from configuration, with its contacts and its limits. */
export const siteInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.siteInfo,
    {
      schema: {
        tags: ['press room'],
        summary:
          "The site of this hostname, its public contacts (the privacy notice's channels) and the largest video it takes",
        response: { 200: siteInfoSchema },
      },
    },
    async (request) => ({
      name: request.site.name,
      sites: [...new Set(app.config.sites.map((site) => site.name))],
      privacy_contact_email: app.config.privacyContactEmail,
      press_office_email: app.config.pressOfficeEmail,
      video_max_size: app.config.videoMaxBytes,
    }),
  );
};
