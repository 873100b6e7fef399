import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '@pressroom/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { type App, buildApp } from './app.ts';
import { ApiError } from './lib/api-error.ts';
import type { Clock } from './lib/clock.ts';
import type { Config } from './plugins/config.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { i18nPlugin } from './plugins/i18n.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Seconds a caller is asked to wait while the server starts (Retry-After). */
const startingRetryAfter = 5;

/**
 * What answers while the database is migrated: `GET /readyz` 503 `{ready: false}`, anything else 503 with
 * Retry-After and the translated "service unavailable" of the errors plugin. It gets its requests from the
 * server; the HTTP server it is given is never listened on (the app's is).
 */
async function buildStartingApp(logger: FastifyServerOptions['logger']) {
  const app = Fastify({ logger, serverFactory: (handler) => createServer(handler) });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.url === '/readyz') return;
    throw new ApiError(
      503,
      { detail: 'serviceUnavailable' },
      {},
      { 'Retry-After': String(startingRetryAfter) },
    );
  });
  app.get('/readyz', async (_request, reply) => reply.code(503).send({ ready: false }));
  await app.ready();
  return app;
}

export interface ServeOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Runs once the app is ready, before it takes traffic (`--demo`: the demo's first seeding). */
  beforeTraffic?: (app: App) => Promise<void>;
}

export interface Serving {
  server: Server;
  /** Where it listens (port 0 in the configuration: a free one). */
  address: AddressInfo;
  /** Settles once the app takes traffic (after the migrations); rejects if starting failed. */
  ready: Promise<App>;
  /**
   * The graceful stop: /readyz answers 503 at once (and every answer closes its connection); after
   * SHUTDOWN_DELAY no connection is accepted any more, requests under way finish, then the app closes (running
   * jobs finish, the mail worker ends its round, counts are written), then the database. Answers once all of
   * it is done; a second call joins the first.
   */
  shutdown(): Promise<void>;
}

/**
 * Listens at once, then migrates and builds the app on the same socket, so that a load balancer sees this
 * server as not ready (503) instead of absent while several servers start and one of them migrates.
 */
export async function serve(options: ServeOptions): Promise<Serving> {
  const { config, database } = options;
  const logger = options.logger ?? {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  };
  const starting = await buildStartingApp(logger);
  let handle: Handler = (request, response) => starting.routing(request, response);
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.port, host: config.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // Fastify's own words for it, which scripts and tests wait for.
  starting.log.info(`Server listening at http://${host}:${address.port}; migrating the database`);

  let app: App | null = null;
  let stopping = false;
  let startingClosed: Promise<void> | null = null;
  const closeStarting = () => {
    startingClosed ??= starting.close();
    return startingClosed;
  };
  const ready = (async () => {
    await database.migrate();
    let appHandler: Handler | null = null;
    const built = await buildApp({
      config,
      database,
      clock: options.clock,
      logger,
      serverFactory: (handler) => {
        appHandler = handler;
        return server;
      },
    });
    app = built;
    await built.ready();
    await options.beforeTraffic?.(built);
    if (stopping || !appHandler) return built;
    handle = appHandler;
    await closeStarting();
    built.log.info('ready: taking traffic');
    return built;
  })();
  // A start that fails is reported by whoever awaits `ready`; the shutdown only waits for it to settle.
  ready.catch(() => undefined);

  let shuttingDown: Promise<void> | null = null;
  async function stop() {
    stopping = true;
    app?.lifecycle.beginShutdown();
    // Still serving, /readyz saying 503, for as long as the load balancer needs to notice (SHUTDOWN_DELAY).
    if (config.shutdownDelay > 0)
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelay * 1000));
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive connections go now; busy ones once their answer is sent (it says `connection: close`).
    server.closeIdleConnections();
    await drained;
    await ready.catch(() => undefined);
    await (app as App | null)?.close();
    await closeStarting();
    await database.close();
  }

  return {
    server,
    address,
    ready,
    shutdown() {
      shuttingDown ??= stop();
      return shuttingDown;
    },
  };
}
