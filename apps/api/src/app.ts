import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { DatabaseHandle } from '@pressroom/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountJobs } from './features/account/jobs.ts';
import { accountRoutes } from './features/account/routes.ts';
import { accreditationJobs } from './features/accreditation/jobs.ts';
import { accreditationRoutes } from './features/accreditation/routes.ts';
import { alertJobs } from './features/alerts/jobs.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { awardRoutes } from './features/award/routes.ts';
import { campaignJobs } from './features/campaigns/jobs.ts';
import { campaignRoutes } from './features/campaigns/routes.ts';
import { companyRoutes } from './features/companies/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { coveragePageRoutes } from './features/coverage/public-page-routes.ts';
import { coverageRoutes } from './features/coverage/routes.ts';
import { errorReportRoutes } from './features/error-reports/routes.ts';
import { pressBoxRoutes } from './features/exhibitors/press-box-routes.ts';
import { exhibitorPageRoutes } from './features/exhibitors/public-page-routes.ts';
import { exhibitorPublicRoutes } from './features/exhibitors/public-routes.ts';
import { exhibitorRoutes } from './features/exhibitors/routes.ts';
import { basketRoutes } from './features/gallery/basket-routes.ts';
import { pictureSearchRoutes } from './features/gallery/picture-search-routes.ts';
import { galleryRoutes } from './features/gallery/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { importRoutes } from './features/imports/routes.ts';
import { interviewJobs } from './features/interviews/jobs.ts';
import { interviewRoutes } from './features/interviews/routes.ts';
import { magazineRoutes } from './features/magazines/routes.ts';
import { pressContactRoutes } from './features/press-contacts/routes.ts';
import { pressGroupRoutes } from './features/press-groups/routes.ts';
import { pressKitRoutes } from './features/press-kit/routes.ts';
import { pressReleaseEditingRoutes } from './features/press-releases/editing-routes.ts';
import { pressReleaseFileRoutes } from './features/press-releases/file-routes.ts';
import { releasePreviewRoutes } from './features/press-releases/previews-routes.ts';
import { pressReleasePageRoutes } from './features/press-releases/public-page-routes.ts';
import { pressReleasePublicRoutes } from './features/press-releases/public-routes.ts';
import { programmeJobs } from './features/programme/jobs.ts';
import { programmePageRoutes } from './features/programme/public-page-routes.ts';
import { programmeRoutes } from './features/programme/routes.ts';
import { siteInfoRoutes } from './features/site-info/routes.ts';
import { sitemapRoutes } from './features/sitemap/routes.ts';
import { statisticsRoutes } from './features/statistics/routes.ts';
import { usersAdminRoutes } from './features/users-admin/routes.ts';
import { videoEmbedRoutes } from './features/videos/embed-routes.ts';
import { videoJobs } from './features/videos/jobs.ts';
import { videoRoutes } from './features/videos/routes.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { FileStore } from './lib/storage/index.ts';
import { authPlugin } from './plugins/auth.ts';
import type { Config } from './plugins/config.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { mailPlugin } from './plugins/mail.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { readCounterPlugin } from './plugins/read-counter.ts';
import { sitesPlugin } from './plugins/sites.ts';
import { storagePlugin } from './plugins/storage.ts';
import { webAppPlugin } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the store the configuration names (STORAGE_URL). */
  storage?: FileStore;
  /** Defaults to the system clock; tests pass one they can move. */
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /**
   * The HTTP server to answer on, already listening (serve.ts answers 503 on it while the database is
   * migrated); by default Fastify makes its own.
   */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Credentials never reach the logs, whatever is logged later.
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin);
  await app.register(sitesPlugin);
  // After the sites: they are loaded when the app is ready, before any job may run.
  await app.register(jobsPlugin);
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(readCounterPlugin);
  await app.register(formbody);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': WebAssembly only (no eval of text), for the door's QR reader where the browser has
        // no BarcodeDetector (decision 29).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // blob: for a video the office is uploading, opened in the browser to take its poster from a frame.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Over plain http a browser ignores HSTS at best; it is only promised where the site is served by https.
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // Answers for a signed-in caller (profile, exports, users, inbox, any list seen with a token) and the
  // account calls (tokens) hold personal data: never kept by a browser or a proxy, unless a route set its own
  // rule (signed file downloads are private and immutable already).
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (request.headers.authorization || request.url.startsWith('/api/account/')) {
      reply.header('cache-control', 'no-store');
    }
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openapiPlugin);
  await app.register(webAppPlugin);

  await app.register(healthRoutes);
  await app.register(galleryRoutes);
  await app.register(basketRoutes);
  await app.register(pictureSearchRoutes);
  await app.register(magazineRoutes);
  await app.register(pressKitRoutes);
  await app.register(contactRoutes);
  await app.register(accountRoutes);
  await app.register(companyRoutes);
  await app.register(importRoutes);
  await app.register(usersAdminRoutes);
  await app.register(errorReportRoutes);
  await app.register(pressGroupRoutes);
  await app.register(pressReleasePublicRoutes);
  await app.register(pressReleaseFileRoutes);
  await app.register(pressReleaseEditingRoutes);
  await app.register(pressReleasePageRoutes);
  await app.register(releasePreviewRoutes);
  await app.register(siteInfoRoutes);
  await app.register(pressContactRoutes);
  await app.register(alertRoutes);
  await app.register(campaignRoutes);
  await app.register(accreditationRoutes);
  await app.register(statisticsRoutes);
  await app.register(exhibitorRoutes);
  await app.register(pressBoxRoutes);
  await app.register(exhibitorPublicRoutes);
  await app.register(exhibitorPageRoutes);
  await app.register(programmePageRoutes);
  await app.register(coveragePageRoutes);
  await app.register(sitemapRoutes);
  await app.register(interviewRoutes);
  await app.register(programmeRoutes);
  await app.register(coverageRoutes);
  await app.register(awardRoutes);
  await app.register(videoRoutes);
  await app.register(videoEmbedRoutes);

  await app.register(accountJobs);
  await app.register(accreditationJobs);
  await app.register(alertJobs);
  await app.register(campaignJobs);
  await app.register(interviewJobs);
  await app.register(programmeJobs);
  await app.register(videoJobs);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
