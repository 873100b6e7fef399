import { openTestDatabase } from '@pressroom/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../plugins/config.ts';
import { TestClock, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertRelease } from './test-factories.ts';

/*
 * What the tests of kept release searches share: two app servers on one database, as behind a load balancer,
 * one clock, the fair, a press and an office account, and the list asked as a table asks it. Every request
 * carries a parameter the route ignores and never the same one, so the whole answer is never kept: only what
 * a search keeps between requests can answer it again. The values are live: `useTwoServersOnOneDatabase`
 * fills them before the file's tests and stops both servers after them.
 */
const list = '/api/press_room/press_release/';
const morning = new Date('2026-06-01T09:00:00Z');

interface AskOptions {
  server?: FastifyInstance;
  token?: string;
  start?: number;
  length?: number;
}

export function useTwoServersOnOneDatabase(config: Partial<Config> = {}) {
  const servers = {
    database: undefined as unknown as Awaited<ReturnType<typeof openTestDatabase>>,
    first: undefined as unknown as FastifyInstance,
    second: undefined as unknown as FastifyInstance,
    clock: new TestClock(morning),
    fair: 0,
    pressToken: '',
    officeToken: '',
  };
  let requests = 0;

  beforeAll(async () => {
    servers.database = await openTestDatabase();
    const server = async () => {
      const app = await buildApp({
        config: testConfig({ mailPollInterval: 0, ...config }),
        database: servers.database,
        clock: servers.clock,
        logger: false,
      });
      await app.ready();
      return app;
    };
    servers.first = await server();
    servers.second = await server();
    const { first } = servers;
    servers.fair = first.sites.byName.get('Tile Fair')?.id ?? 0;
    servers.pressToken = await tokenFor(first, await createUser(first, { roles: ['user_press_room'] }));
    servers.officeToken = await tokenFor(
      first,
      await createUser(first, { roles: ['administrator_press_room'] }),
    );
  });
  afterAll(async () => {
    await servers.first?.close();
    await servers.second?.close();
    await servers.database?.close();
  });
  beforeEach(() => servers.clock.set(morning));

  /** The fair's list with `query`, as the public (or the press, with `token`) asks `server` (the first). */
  function ask(query: string, options: AskOptions = {}) {
    requests += 1;
    const page = `start=${options.start ?? 0}&length=${options.length ?? 10}`;
    return (options.server ?? servers.first).inject({
      method: 'GET',
      url: `${list}?format=datatables&group=${servers.fair}&${page}&${query}&_=${requests}`,
      headers: options.token ? authHeader(options.token) : {},
    });
  }

  /** The count and the page's titles, as the public (or the press, with `token`) finds them on `server`. */
  async function found(query: string, options: AskOptions = {}) {
    const response = await ask(query, options);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { recordsFiltered: number; data: { title: string }[] };
    return { count: body.recordsFiltered, titles: body.data.map((row) => row.title) };
  }

  /** An English release of the fair, published on `publicationDate` (1 May 2026 unless said). */
  const release = (
    title: string,
    options: { embargoUntil?: Date; publicationDate?: string; body?: string } = {},
  ) =>
    insertRelease(servers.database.db, {
      groups: [servers.fair],
      publicationDate: options.publicationDate ?? '2026-05-01',
      embargoUntil: options.embargoUntil,
      translations: [{ language: 'en', title, body: options.body ?? '' }],
    });

  return { servers, ask, found, release };
}
