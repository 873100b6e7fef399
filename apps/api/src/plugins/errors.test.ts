import { createServer, type Server } from 'node:net';
import { translateMessage } from '@pressroom/contract';
import { type Database, type DatabaseHandle, openDatabase } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TestClock, testConfig } from '../test-support/app.ts';
import { freePort } from '../test-support/smtp.ts';

/**
 * While PostgreSQL is down or restarting, calls answer 503 with Retry-After, not 500: the driver's error
 * (ECONNREFUSED, "Connection terminated") arrives wrapped by drizzle in a "Failed query" error, so the
 * errors plugin has to look down the cause chain. Each app starts on a working database (startup reads the
 * sites), then sends every query to a PostgreSQL server that is not there, or one that hangs up on every client.
 */

let working: DatabaseHandle;
let refusing: DatabaseHandle;
let dropping: DatabaseHandle;
let hangUp: Server;
const apps: FastifyInstance[] = [];

const unreachable = (port: number) =>
  openDatabase({ url: `postgres://pressroom@127.0.0.1:${port}/pressroom`, maxConnections: 1 });

/** The application, started on the working database, whose queries all go to `down` once it is ready. */
async function appDuringOutage(down: DatabaseHandle) {
  let current: Database = working.db;
  const db = new Proxy(working.db, { get: (_target, key) => Reflect.get(current, key) });
  const app = await buildApp({
    config: testConfig(),
    database: { ...working, db },
    clock: new TestClock(),
    logger: false,
  });
  await app.ready();
  apps.push(app);
  current = down.db;
  return app;
}

beforeAll(async () => {
  working = await openTestDatabase();
  const port = await freePort();
  hangUp = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => hangUp.listen(port, '127.0.0.1', resolve));
  dropping = await unreachable(port);
  // Asked for while the hang-up server listens, so it is another port, with nothing behind it.
  refusing = await unreachable(await freePort());
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all([working.close(), refusing.close(), dropping.close()]);
  await new Promise((resolve) => hangUp.close(resolve));
});

describe('an outage of the database', () => {
  it.each([
    ['PostgreSQL is down (connections refused)', () => refusing],
    ['PostgreSQL is restarting (connections dropped)', () => dropping],
  ])('answers 503 with Retry-After while %s', async (_situation, down) => {
    const app = await appDuringOutage(down());
    const response = await app.inject({
      method: 'GET',
      url: '/api/press_room/press_release/',
      headers: { 'accept-language': 'it' },
    });
    expect({
      status: response.statusCode,
      retryAfter: response.headers['retry-after'],
      body: response.json(),
    }).toEqual({
      status: 503,
      retryAfter: '5',
      body: { detail: translateMessage('it', 'serviceUnavailable') },
    });
  });
});
