import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, notFound } from '../../lib/api-error.ts';

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * What the operator's tools ask: liveness (`/healthz`, with the database), readiness for the load balancer
 * (`/readyz`) and the Prometheus metrics (`/metrics`, plugins/metrics.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('unreachable') }),
        },
      },
    },
    async (_request, reply) => {
      if (await app.database.isReachable()) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' as const, database: 'unreachable' as const });
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary:
          'Whether this server takes traffic: 503 while it starts (the database being migrated) and from the moment it begins to shut down',
        response: {
          200: z.object({ ready: z.literal(true) }),
          503: z.object({ ready: z.literal(false) }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.stopping) return reply.code(503).send({ ready: false as const });
      return { ready: true as const };
    },
  );

  // Not JSON, so hidden from the OpenAPI description like sitemap.xml and robots.txt.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token) throw notFound();
    if (!bearerMatches(request, token)) {
      throw new ApiError(
        401,
        { detail: 'notAuthenticated' },
        {},
        { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      );
    }
    const registry = app.metrics.registry;
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
};
