import { translateMessage } from '@pressroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';

const host = { host: 'fair.localhost' };

describe('a statement that would hold the database', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ config: { statementTimeoutMs: 300 } });
    // The first calls of a new app compile its schemas: not what is timed below.
    await harness.app.inject({ method: 'GET', url: '/healthz' });
    await harness.app.inject({ method: 'GET', url: '/api/press_room/press_release/', headers: host });
  });
  afterAll(() => harness.close());

  /** /healthz, with how long it took. */
  async function health() {
    const started = performance.now();
    const response = await harness.app.inject({ method: 'GET', url: '/healthz' });
    return { status: response.statusCode, fast: performance.now() - started < 100 };
  }

  it('refuses a caller’s regular expression on the public list at once, /healthz answering meanwhile', async () => {
    const started = performance.now();
    const listing = harness.app.inject({
      method: 'GET',
      url:
        '/api/press_room/press_release/?format=datatables&columns[0][data]=body&columns[0][searchable]=true' +
        `&search[value]=${encodeURIComponent('(.*)(.*)(.*)\\3\\2\\1R')}&search[regex]=true`,
      headers: { ...host, 'accept-language': 'es' },
    });
    expect(await health()).toEqual({ status: 200, fast: true });
    const answer = await listing;
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { detail: 'Esta lista no se puede buscar con una expresión regular.' },
    ]);
    expect(performance.now() - started).toBeLessThan(harness.config.statementTimeoutMs);
  });

  it('answers 503 with Retry-After once a statement outlasts the bound on PostgreSQL; /healthz never waits for it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another session holds the releases: every statement reading them waits.
    const holder = harness.db.transaction(async (tx) => {
      await tx.execute(sql`lock table press_releases in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    const started = performance.now();
    // A full-text search nobody asked before: its count is not kept, so the list reads the releases. (A table
    // search for a word no text holds finds no release without reading them.)
    const listing = harness.app.inject({
      method: 'GET',
      url: '/api/press_room/press_release/?format=datatables&search=kiln',
      headers: { ...host, 'accept-language': 'it' },
    });
    expect(await health()).toEqual({ status: 200, fast: true });
    if (harness.app.database.kind === 'postgres') {
      const answer = await listing;
      const waited = performance.now() - started;
      release();
      await holder;
      expect({
        status: answer.statusCode,
        retryAfter: answer.headers['retry-after'],
        body: answer.json(),
      }).toEqual({
        status: 503,
        retryAfter: '5',
        body: { detail: translateMessage('it', 'serviceUnavailable') },
      });
      expect(waited).toBeGreaterThanOrEqual(harness.config.statementTimeoutMs);
      expect(waited).toBeLessThan(harness.config.statementTimeoutMs + 2000);
    } else {
      // PGlite is one connection inside this process: the list waits for the transaction, not for a bound.
      release();
      await holder;
      expect((await listing).statusCode).toBe(200);
    }
    expect(await health()).toEqual({ status: 200, fast: true });
  });
});
