import { Writable } from 'node:stream';
import { apiPaths } from '@pressroom/contract';
import { rateLimitCounters } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TestClock, testConfig } from '../test-support/app.ts';
import { createUser } from '../test-support/factories.ts';
import type { Config } from './config.ts';
import { purgeExpiredCounters } from './rate-limit.ts';

/** The limits of the sign-in, small enough to reach. */
const limits: Partial<Config> = {
  rateLimits: {
    ...testConfig().rateLimits,
    signInPerIp: { max: 3, windowSeconds: 60 },
    signInPerEmail: { max: 100, windowSeconds: 900 },
    signInFailuresPerEmail: { max: 4, windowSeconds: 900 },
  },
};

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const apps: FastifyInstance[] = [];
const clock = new TestClock();

/** An app server on the test's database; several share it as servers behind a load balancer do. */
async function server(options: { logTo?: string[] } = {}) {
  const app = await buildApp({
    config: testConfig(limits),
    database,
    clock,
    logger: options.logTo
      ? {
          level: 'warn',
          stream: new Writable({
            write(chunk, _encoding, done) {
              options.logTo?.push(String(chunk));
              done();
            },
          }),
        }
      : false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
});

const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: apiPaths.tokenAuth, payload: { email, password }, remoteAddress });

/** The counters' keys that start with `prefix` (a limit's name). */
const counterKeys = async (prefix: string) =>
  (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters))
    .map((row) => row.key)
    .filter((key) => key.startsWith(prefix))
    .sort();

describe('rate limits shared by every app server', () => {
  it('adds up the failed sign-ins made on two servers into one limit', async () => {
    const [first, second] = [await server(), await server()];
    const user = await createUser(first, { email: 'shared.budget@example.test' });
    const statuses = [
      (await signIn(first, user.email, 'Wrong_1', '10.20.0.1')).statusCode,
      (await signIn(second, user.email, 'Wrong_2', '10.20.0.2')).statusCode,
      (await signIn(first, user.email, 'Wrong_3', '10.20.0.3')).statusCode,
      (await signIn(second, user.email, 'Wrong_4', '10.20.0.4')).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 400, 400]);
    // The fifth, even with the right password, is refused by either server: the four are one budget.
    expect((await signIn(second, user.email, user.password, '10.20.0.5')).statusCode).toBe(429);
    expect((await signIn(first, user.email, user.password, '10.20.0.6')).statusCode).toBe(429);
  });

  it("counts one address's requests on two servers against one limit", async () => {
    const [first, second] = [await server(), await server()];
    const statuses = [];
    for (const app of [first, second, first, second]) {
      statuses.push((await signIn(app, 'nobody@example.test', 'x', '10.21.0.1')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('deletes a few expired counters of other keys on each hit, and the purge job the rest', async () => {
    const app = await server();
    await database.db.delete(rateLimitCounters);
    for (const address of ['10.22.0.1', '10.22.0.2', '10.22.0.3', '10.22.0.4', '10.22.0.5']) {
      await signIn(app, 'nobody@example.test', 'x', address);
    }
    expect(await counterKeys('sign-in-address:')).toHaveLength(5);
    // The addresses' windows (a minute) end; the failures' (15 minutes) go on.
    clock.advance(61);
    await signIn(app, 'nobody@example.test', 'x', '10.22.0.9');
    // Two of the five expired counters went with this hit, which added its own.
    expect(await counterKeys('sign-in-address:')).toHaveLength(4);
    expect(await counterKeys('sign-in-address:')).toContain('sign-in-address:10.22.0.9');

    clock.advance(61);
    const failures = await counterKeys('sign-in-email');
    expect(await purgeExpiredCounters(app)).toBe(4);
    expect(await counterKeys('sign-in-address:')).toEqual([]);
    expect(await counterKeys('sign-in-email')).toEqual(failures);
  });

  it('lets the calls through, with a warning in the log, when the counters cannot be reached', async () => {
    const log: string[] = [];
    const app = await server({ logTo: log });
    await database.query('ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_away', []);
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        statuses.push((await signIn(app, 'nobody@example.test', 'x', '10.23.0.1')).statusCode);
      }
      // Over the limit of 3, yet neither refused nor failed: the sign-in itself answers.
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
    } finally {
      await database.query('ALTER TABLE rate_limit_counters_away RENAME TO rate_limit_counters', []);
    }
    const warnings = log.map((line) => JSON.parse(line) as { level: number; msg: string; key?: string });
    // A warning for each counter each of the five sign-ins reached for, naming it.
    const unavailable: Record<string, number> = {};
    for (const line of warnings.filter((line) => line.msg.includes('rate limit counters unavailable'))) {
      unavailable[String(line.key)] = (unavailable[String(line.key)] ?? 0) + 1;
    }
    expect(unavailable).toEqual({
      'sign-in-address:10.23.0.1': 5,
      'sign-in-email:nobody@example.test': 10,
      'sign-in-email-address:nobody@example.test 10.23.0.1': 10,
    });
    expect(warnings.every((line) => line.level === 40)).toBe(true);
  });
});
