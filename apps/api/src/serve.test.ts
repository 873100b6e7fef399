import { translateMessage } from '@pressroom/contract';
import type { DatabaseHandle } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Serving, serve } from './serve.ts';
import { testConfig } from './test-support/app.ts';

/** A real server on a free loopback port, as server.ts starts it (without the signals). */
let serving: Serving | null = null;
afterEach(async () => {
  await serving?.shutdown();
  serving = null;
});

const base = () => `http://127.0.0.1:${serving?.address.port}`;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base()}${path}`, { headers });

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('serving', () => {
  it('answers 503 with Retry-After to every call, /readyz included, while the database is migrated; then serves', async () => {
    const database = await openTestDatabase();
    const migration = gate();
    serving = await serve({
      config: testConfig({ port: 0, host: '127.0.0.1' }),
      database: { ...database, migrate: () => migration.opened.then(() => database.migrate()) },
      logger: false,
    });

    const readyz = await get('/readyz');
    expect({ status: readyz.status, body: await readyz.json() }).toEqual({
      status: 503,
      body: { ready: false },
    });
    const call = await get('/api/press_room/press_release/', { 'accept-language': 'it' });
    expect({
      status: call.status,
      retryAfter: call.headers.get('retry-after'),
      body: await call.json(),
    }).toEqual({
      status: 503,
      retryAfter: '5',
      body: { detail: translateMessage('it', 'serviceUnavailable') },
    });
    const health = await get('/healthz');
    expect(health.status).toBe(503);

    migration.open();
    await serving.ready;
    const ready = await get('/readyz');
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { ready: true },
    });
    expect((await get('/api/press_room/press_release/')).status).toBe(200);
  });

  it('on shutdown answers /readyz with 503 at once, finishes the request under way, then closes the database', async () => {
    const database: DatabaseHandle = await openTestDatabase();
    serving = await serve({
      config: testConfig({ port: 0, host: '127.0.0.1', shutdownDelay: 1 }),
      database,
      logger: false,
    });
    await serving.ready;

    // The releases are locked while a request reads them (on PGlite, the one connection is busy).
    const lock = gate();
    const locked = gate();
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table press_releases in access exclusive mode`);
      locked.open();
      await lock.opened;
    });
    await locked.opened;
    const arrived = new Promise((resolve) => serving?.server.once('request', resolve));
    const underWay = get('/api/press_room/press_release/');
    await arrived;

    const stopped = serving.shutdown();
    const readyz = await get('/readyz');
    expect({
      status: readyz.status,
      body: await readyz.json(),
      connection: readyz.headers.get('connection'),
    }).toEqual({ status: 503, body: { ready: false }, connection: 'close' });

    lock.open();
    await holding;
    const answer = await underWay;
    expect({ status: answer.status, connection: answer.headers.get('connection') }).toEqual({
      status: 200,
      connection: 'close',
    });
    await stopped;
    expect(serving.server.listening).toBe(false);
    await expect(database.query('select 1 as one', [])).rejects.toThrow();
  });
});
