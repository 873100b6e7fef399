import { mailQueue } from '@pressroom/db';
import { count, inArray, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This server's Prometheus registry: plugins add their own metrics to it (the jobs plugin its failures).
     * Each app has its own, never prom-client's global one: tests build several apps in one process.
     */
    metrics: { registry: Registry };
  }
}

/**
 * What `GET /metrics` (features/health) tells, in Prometheus' text format, once METRICS_TOKEN is set (without
 * it nothing is collected). Every server answers for itself: Prometheus scrapes each one and adds them up.
 *
 * - requests per route pattern (never the raw URL: ids and tokens in paths would make a series per caller),
 *   method and status, with their latency (`http_request_duration_seconds`: its `_count` is the rate);
 * - the mail queue: messages not yet sent and the age of the oldest (read from the database at each scrape,
 *   so every server reports the same shared queue);
 * - the jobs' runs and failures (plugins/jobs.ts);
 * - the database pool on PostgreSQL (total, idle, waiting); PGlite has no pool (one connection inside the
 *   process, one query at a time), so only its kind is told and its load shows in the latencies;
 * - the process (CPU, memory, event loop lag, GC: prom-client's default metrics).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    app.decorate('metrics', { registry });

    if (!app.config.metricsToken) return;

    collectDefaultMetrics({ register: registry });

    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered, by method, route pattern and status, with their duration',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      requests.observe(
        {
          method: request.method,
          // Unmatched paths share one series, whatever was asked for.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    // One query per scrape for both figures: prom-client collects the metrics side by side.
    let reading: Promise<{ pending: number; ageSeconds: number } | null> | null = null;
    function mailQueueFigures() {
      if (reading) return reading;
      const current = (async () => {
        try {
          const [row] = await app.db
            .select({ pending: count(), oldest: min(mailQueue.createdAt) })
            .from(mailQueue)
            .where(inArray(mailQueue.status, ['pending', 'sending']));
          const oldest = row.oldest ? new Date(row.oldest).getTime() : null;
          const ageSeconds = oldest === null ? 0 : Math.max(0, (app.clock.now().getTime() - oldest) / 1000);
          return { pending: Number(row.pending), ageSeconds };
        } catch (error) {
          // The scrape still answers (the process and the requests); the queue says nothing this time.
          app.log.warn({ err: error }, 'metrics: the mail queue could not be read');
          return null;
        }
      })();
      reading = current;
      current.finally(() => {
        if (reading === current) reading = null;
      });
      return current;
    }
    new Gauge({
      name: 'pressroom_mail_queue_pending',
      help: 'Messages in the mail queue not sent yet (pending or being sent), on all servers',
      registers: [registry],
      async collect() {
        const figures = await mailQueueFigures();
        if (figures) this.set(figures.pending);
        else this.reset();
      },
    });
    new Gauge({
      name: 'pressroom_mail_queue_oldest_pending_age_seconds',
      help: 'Age of the oldest message not sent yet (0 when none)',
      registers: [registry],
      async collect() {
        const figures = await mailQueueFigures();
        if (figures) this.set(figures.ageSeconds);
        else this.reset();
      },
    });

    new Gauge({
      name: 'pressroom_database_info',
      help: 'The database this server uses: postgres (a pool) or pglite (embedded, one connection)',
      labelNames: ['kind'],
      registers: [registry],
      collect() {
        this.set({ kind: app.database.kind }, 1);
      },
    });
    if (app.database.poolStats()) {
      new Gauge({
        name: 'pressroom_database_pool_connections',
        help: "The PostgreSQL pool's connections (total, idle) and the queries waiting for one",
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const stats = app.database.poolStats();
          if (!stats) return;
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
  },
  { name: 'metrics' },
);
