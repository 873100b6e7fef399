import { users } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TestClock, testConfig } from '../test-support/app.ts';
import { createUser } from '../test-support/factories.ts';
import type { Config } from './config.ts';
import { jobNames } from './jobs.ts';

/**
 * pg-boss runs on the app's own database handle (PGlite by default here, PostgreSQL with TEST_DATABASE_URL),
 * its cron on real time: the schedules below fire once a year unless a test names the minute it runs in.
 */
const never = '0 0 1 1 *';
const metricsToken = 'metrics-token-for-the-jobs-test';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const open: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((app) => app.close()));
  await database.close();
});

async function server(config: Partial<Config>, clock = new TestClock()) {
  const app = await buildApp({
    config: testConfig({
      jobsEnabled: true,
      retentionPurgeCron: never,
      alertRunsCron: never,
      rateLimitPurgeCron: never,
      metricsToken,
      ...config,
    }),
    database,
    clock,
    logger: false,
  });
  open.push(app);
  return app;
}

async function close(app: FastifyInstance) {
  open.splice(open.indexOf(app), 1);
  await app.close();
}

async function rows<Row>(text: string, values: unknown[] = []) {
  return (await database.query(text, values)).rows as Row[];
}

/** pg-boss's jobs of one name, oldest first (none are archived within a test: that takes 12 hours). */
const jobsNamed = (name: string) =>
  rows<{ state: string; retry_count: number; output: unknown }>(
    'SELECT state::text AS state, retry_count, output FROM pgboss.job WHERE name = $1 ORDER BY created_on',
    [name],
  );

/** Waits (at most a minute) until `check` answers true; pg-boss polls every 2 s, its cron runner every 5 s. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the jobs did not get there within a minute');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A cron naming the current minute (UTC) once a day, with at least 25 s of the minute left: the servers must
 * start within it, as their runner's first look at the schedules (made as it starts) is the one that fires it.
 */
async function thisMinuteDaily() {
  if (new Date().getUTCSeconds() > 35) await pause((61 - new Date().getUTCSeconds()) * 1000);
  const now = new Date();
  return `${now.getUTCMinutes()} ${now.getUTCHours()} * * *`;
}

// Each test's time: up to 26 s waiting for a minute with time left, a minute for the jobs (`eventually`), a few
// seconds for a second server's poll.
describe('scheduled jobs', { timeout: 120_000 }, () => {
  it('run nowhere where JOBS_ENABLED is false: no pg-boss tables, asking for a run does nothing', async () => {
    const app = await server({ jobsEnabled: false });
    await app.ready();
    await app.jobs.send(jobNames.retentionPurge);
    expect(await rows("SELECT to_regclass('pgboss.job')::text AS name")).toEqual([{ name: null }]);
    await close(app);
  });

  it('two servers on one database both schedule the retention purge: when it fires, it runs once', async () => {
    const clock = new TestClock(new Date('2026-03-01T09:00:00Z'));
    const setup = await server({ jobsEnabled: false }, clock);
    await setup.ready();
    const unverified = await createUser(setup, { active: false });
    await close(setup);
    clock.advance(31 * 86_400);

    const cron = await thisMinuteDaily();
    const [first, second] = [
      await server({ retentionPurgeCron: cron }, clock),
      await server({ retentionPurgeCron: cron }, clock),
    ];
    await Promise.all([first.ready(), second.ready()]);
    await eventually(async () =>
      (await jobsNamed(jobNames.retentionPurge)).some((job) => job.state === 'completed'),
    );
    // The other server polls every 2 s: time enough for it to run the purge a second time, were it able to.
    await pause(3000);

    expect(await jobsNamed(jobNames.retentionPurge)).toEqual([
      {
        state: 'completed',
        retry_count: 0,
        output: { unverifiedDeleted: 1, restricted: 0, restrictedDeleted: 0 },
      },
    ]);
    expect(
      await rows('SELECT name, cron, timezone FROM pgboss.schedule WHERE name = $1', [
        jobNames.retentionPurge,
      ]),
    ).toEqual([{ name: jobNames.retentionPurge, cron, timezone: 'UTC' }]);
    expect(await first.db.select().from(users).where(eq(users.id, unverified.id))).toEqual([]);
    await Promise.all([close(first), close(second)]);
  });

  it('retries a failing job, and counts each failure in the metrics', async () => {
    const app = await server({});
    await app.ready();
    let attempts = 0;
    await app.jobs.schedule(
      'test-failing-once',
      never,
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('the first attempt fails');
        return { attempt: attempts };
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await app.jobs.send('test-failing-once');
    await eventually(async () => (await jobsNamed('test-failing-once'))[0]?.state === 'completed');

    expect(await jobsNamed('test-failing-once')).toEqual([
      { state: 'completed', retry_count: 1, output: { attempt: 2 } },
    ]);
    const metrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.body).toContain('pressroom_job_runs_total{job="test-failing-once",outcome="failed"} 1\n');
    expect(metrics.body).toContain(
      'pressroom_job_runs_total{job="test-failing-once",outcome="completed"} 1\n',
    );
    await close(app);
  });

  it("asks for a run in the caller's transaction: none when it rolls back, one when it commits", async () => {
    const app = await server({});
    await app.ready();
    await app.jobs.schedule('test-asked-within', never, async () => ({ done: true }));
    await app.db
      .transaction(async (tx) => {
        await app.jobs.sendWithin(tx, 'test-asked-within', { startAfter: new Date(Date.now() + 3_600_000) });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(await jobsNamed('test-asked-within')).toEqual([]);

    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await app.jobs.sendWithin(tx, 'test-asked-within', { startAfter: new Date(Date.now() + 3_600_000) });
    });
    expect(await jobsNamed('test-asked-within')).toEqual([
      { state: 'created', retry_count: 0, output: null },
    ]);
    await close(app);
  });

  it('lets a running job finish when the app closes', async () => {
    const app = await server({});
    await app.ready();
    let started = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await app.jobs.schedule('test-still-running', never, async () => {
      started = true;
      await released;
      return { finished: true };
    });
    await app.jobs.send('test-still-running');
    await eventually(async () => started);

    let closed = false;
    const closing = close(app).then(() => {
      closed = true;
    });
    // pg-boss looks every half second whether its jobs are done: the close waits for this one.
    await pause(1500);
    expect(closed).toBe(false);
    release();
    await closing;
    expect(await jobsNamed('test-still-running')).toEqual([
      { state: 'completed', retry_count: 0, output: { finished: true } },
    ]);
  });
});
