import { apiPaths, siteInfoSchema } from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: the site this request's hostname belongs to, from configuration, with its contact channels. */
export const siteInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.siteInfo,
    {
      schema: {
        tags: ['press room'],
        summary: "The site of this hostname and its public contacts (the privacy notice's channels)",
        response: { 200: siteInfoSchema },
      },
    },
    async (request) => ({
      name: request.site.name,
      sites: [...new Set(app.config.sites.map((site) => site.name))],
      privacy_contact_email: app.config.privacyContactEmail,
      press_office_email: app.config.pressOfficeEmail,
    }),
  );
};
