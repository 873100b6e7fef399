import type { Executor } from '@pressroom/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { Counter } from 'prom-client';

/**
 * The jobs' names as pg-boss keeps them (`pgboss.job.name`, `pgboss.schedule.name`): look for these to see what
 * ran (e.g. `select state, count(*) from pgboss.job where name = 'retention-purge' group by state`; completed
 * jobs move to `pgboss.archive` after 12 hours).
 */
export const jobNames = {
  /** Account retention: unverified sign-ups, press data after the fair (features/account/retention.ts). */
  retentionPurge: 'retention-purge',
  /** Accreditation proofs six months after their edition (features/accreditation). */
  accreditationProofPurge: 'accreditation-proof-purge',
  /** Interview requests six months after their edition lose the journalist's data (features/interviews). */
  interviewAnonymise: 'interview-anonymise',
  /** Reminders of the programme's events to the journalists signed up (features/programme), every 5 minutes. */
  programmeReminders: 'programme-reminders',
  /** The alerts that are due (features/alerts/dispatch.ts): sent when a release is scheduled, and by cron. */
  alertRuns: 'alert-runs',
  /** The daily digest, sent once a day from ALERT_DIGEST_HOUR (features/alerts/dispatch.ts). */
  alertDigest: 'alert-digest',
  /** The press office's campaigns that are due (features/campaigns/dispatch.ts): asked for when due, and by cron. */
  campaignRuns: 'campaign-runs',
  /** Expired rate-limit counters (plugins/rate-limit.ts). */
  rateLimitPurge: 'rate-limit-purge',
  /** Company imports whose server stopped mid-run (features/imports): marked interrupted, every minute. */
  interruptedImports: 'interrupted-imports',
  /** Video uploads left unfinished for a day, with their parts in the file store (features/videos), hourly. */
  videoUploadCleanup: 'video-upload-cleanup',
} as const;

interface JobOptions {
  /** Attempts after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry, doubling after each (default 60). */
  retryDelaySeconds?: number;
}

/** What a job's work receives: its id and how many times it failed before. */
interface JobRun {
  id: string;
  retryCount: number;
}

export interface Jobs {
  /** Whether this server runs jobs (JOBS_ENABLED); when not, scheduling is remembered and nothing runs. */
  readonly enabled: boolean;
  /**
   * Registers the work of a job and runs it on `cron` (five fields, UTC) across all servers: whichever server
   * takes it first runs it, once; a failure is retried (`options`). Usually called while the app is being
   * built (the job starts with the app); later, it resolves once the job is registered.
   */
  schedule(
    name: string,
    cron: string,
    work: (run: JobRun) => Promise<unknown>,
    options?: JobOptions,
  ): Promise<void>;
  /** Asks for a run of a scheduled job now, or from `startAfter` on. */
  send(name: string, options?: { startAfter?: Date }): Promise<void>;
  /**
   * The same, in the caller's transaction: the run exists exactly when the change that asks for it is
   * committed (e.g. a release's alerts).
   */
  sendWithin(executor: Executor, name: string, options?: { startAfter?: Date }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

interface Registration {
  cron: string;
  work: (run: JobRun) => Promise<unknown>;
  options: Required<JobOptions>;
}

/** What pg-boss needs of a database: `executeSql(text, values)` answering `{rows}`. */
interface BossDatabase {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss's SQL text with $1, $2 ... run by a drizzle executor (a transaction): each placeholder becomes a
 * parameter of its own (a number used twice is sent twice), so the statement is the same on both drivers.
 */
function withParameters(text: string, values: readonly unknown[] = []): SQL {
  const parts: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    parts.push(sql.raw(text.slice(from, match.index)));
    parts.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    from = (match.index ?? 0) + match[0].length;
  }
  parts.push(sql.raw(text.slice(from)));
  return sql.join(parts);
}

function executorDatabase(executor: Executor): BossDatabase {
  return {
    async executeSql(text, values) {
      const result = await executor.execute(withParameters(text, values));
      return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
    },
  };
}

const defaults: Required<JobOptions> = { retryLimit: 3, retryDelaySeconds: 60 };

/** The advisory lock under which a starting server installs pg-boss, its queues and schedules. */
const installLockKey = 7_105_116_234;

/**
 * Scheduled work with pg-boss 10 (the last major that runs on Node 20), in the app's own database: through
 * `app.database.query` (the node-postgres pool, or the embedded PGlite, decision 12), so it needs no connection
 * of its own and no cron outside the app. Every server runs the same schedules; pg-boss hands each due run to
 * one of them (a cron tick is taken by one server per minute and the run is a job row that one worker claims
 * with SKIP LOCKED). Started when the app is ready, stopped when it closes: running jobs finish (up to
 * SHUTDOWN_TIMEOUT), then the database may close. Off where JOBS_ENABLED=false (the tests' default).
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const registrations = new Map<string, Registration>();
    const runs = new Counter({
      name: 'pressroom_job_runs_total',
      help: 'Jobs this server ran, by job and outcome (completed, failed: failed runs are retried)',
      labelNames: ['job', 'outcome'],
      registers: [app.metrics.registry],
    });

    // Every query pg-boss sends goes through here: on close, those under way are awaited before the database
    // may close, and none is sent after.
    const underWay = new Set<Promise<unknown>>();
    let closed = false;
    const database: BossDatabase = {
      executeSql(text, values) {
        if (closed) return Promise.reject(new Error('the jobs are stopped'));
        const query = app.database.query(text, values);
        underWay.add(query);
        query.then(
          () => underWay.delete(query),
          () => underWay.delete(query),
        );
        return query;
      },
    };

    let boss: PgBoss | null = null;

    function workOf(name: string, registration: Registration) {
      return async ([job]: PgBoss.JobWithMetadata[]) => {
        const started = Date.now();
        try {
          const output = await registration.work({ id: job.id, retryCount: job.retryCount });
          runs.inc({ job: name, outcome: 'completed' });
          app.log.debug({ job: name, jobId: job.id, ms: Date.now() - started }, 'job completed');
          return output;
        } catch (error) {
          runs.inc({ job: name, outcome: 'failed' });
          const retries = registration.options.retryLimit - job.retryCount;
          app.log.error(
            { err: error, job: name, jobId: job.id, retryCount: job.retryCount },
            retries > 0 ? 'job failed; it will be retried' : 'job failed for the last time',
          );
          throw error;
        }
      };
    }

    async function install(target: PgBoss, name: string, registration: Registration) {
      await target.createQueue(name, { name, policy: 'standard' });
      await target.updateQueue(name, {
        name,
        policy: 'standard',
        retryLimit: registration.options.retryLimit,
        retryDelay: registration.options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: 3600,
      });
      await target.schedule(name, registration.cron, {}, { tz: 'UTC' });
    }

    async function startWorker(target: PgBoss, name: string, registration: Registration) {
      await target.work(name, { includeMetadata: true, batchSize: 1 }, workOf(name, registration));
    }

    const jobs: Jobs = {
      enabled: config.jobsEnabled,
      async schedule(name, cron, work, options = {}) {
        if (registrations.has(name)) throw new Error(`the job ${name} is scheduled twice`);
        const registration = { cron, work, options: { ...defaults, ...options } };
        registrations.set(name, registration);
        if (boss) {
          await install(boss, name, registration);
          await startWorker(boss, name, registration);
        }
      },
      async send(name, options = {}) {
        if (!boss) return;
        await boss.send(name, {}, { startAfter: options.startAfter });
      },
      async sendWithin(executor, name, options = {}) {
        if (!boss) return;
        await boss.send(name, {}, { startAfter: options.startAfter, db: executorDatabase(executor) });
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onReady', async () => {
      if (!config.jobsEnabled) return;
      // pg-boss's tables, the queues and the schedules first, then the runner: its first look at the
      // schedules, made as it starts, must find them (on a new database it would otherwise wait for its next
      // look). One server at a time: pg-boss 10 creates a queue's table without a lock of its own, and two
      // servers starting together on a new database deadlocked.
      await app.database.withAdvisoryLock(installLockKey, async (query) => {
        const installer = new PgBoss({
          db: { executeSql: (text, values) => query(text, values) },
          schedule: false,
          supervise: false,
        });
        installer.on('error', (error) => app.log.error({ err: error }, 'pg-boss failed'));
        await installer.start();
        for (const [name, registration] of registrations) await install(installer, name, registration);
        await installer.stop({ graceful: false });
      });

      const runner = new PgBoss({ db: database });
      runner.on('error', (error) => app.log.warn({ err: error }, 'pg-boss: a background query failed'));
      await runner.start();
      for (const [name, registration] of registrations) await startWorker(runner, name, registration);
      boss = runner;
    });

    // Before the other plugins close (the mail queue, the file store): a running job may still use them.
    app.addHook('preClose', async () => {
      const runner = boss;
      boss = null;
      if (runner) {
        // Running jobs finish; what still runs at the time-out is marked failed, and retried by a server.
        await runner.stop({ graceful: true, wait: true, timeout: config.shutdownTimeout * 1000 });
      }
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
      closed = true;
    });
  },
  { name: 'jobs', dependencies: ['metrics'] },
);
