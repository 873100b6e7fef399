import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { companyImports } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { localFileStore } from '../../lib/storage/index.ts';
import { TestClock, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { silentRunSeconds } from './jobs.ts';
import { csv, upload } from './test-helpers.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let dataDir: string;
const clock = new TestClock();
const servers: Awaited<ReturnType<typeof buildApp>>[] = [];
/** Each server's own folders (its temporary files), removed with the servers. */
const serverDataDirs: string[] = [];

/** An app server on the test's database and file store, as servers behind a load balancer share them. */
async function startServer() {
  const serverDataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-server-'));
  serverDataDirs.push(serverDataDir);
  const config = testConfig({ dataDir: serverDataDir });
  const app = await buildApp({
    config,
    database,
    clock,
    storage: localFileStore(path.join(dataDir, 'uploads')),
    logger: false,
  });
  await app.ready();
  servers.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-shared-'));
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  for (const serverDataDir of serverDataDirs) await rm(serverDataDir, { recursive: true, force: true });
});

const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => JSON.parse(block.replace(/^data: /, '')));

describe('company imports on several app servers', () => {
  it('follows an import started on one server from another, to its report', async () => {
    const first = await startServer();
    const second = await startServer();
    const administrator = await createUser(first, { roles: ['administrator_associated_companies'] });
    const auth = authHeader(await tokenFor(first, administrator));
    const rows = [['CompanyName', 'City']];
    for (let index = 1; index <= 600; index++) rows.push([`Shared Company ${index}`, 'Modena']);
    const uploaded = (await upload(first, auth, 'shared.csv', csv(rows, ','))).json();
    const mapping = { business_name: 'CompanyName', city: 'City' };

    const started = await first.inject({
      method: 'POST',
      url: apiPaths.importRun(uploaded.id),
      headers: auth,
      payload: { mapping },
    });
    expect(started.statusCode).toBe(202);
    const followed = await second.inject({
      method: 'GET',
      url: apiPaths.importProgress(uploaded.id),
      headers: auth,
    });
    expect(followed.statusCode).toBe(200);
    expect(events(followed.body).at(-1)).toMatchObject({
      status: 'done',
      error: null,
      summary: { rows: 600, created: 600 },
    });
    const [row] = await database.db
      .select({ progress: companyImports.progress, heartbeatAt: companyImports.heartbeatAt })
      .from(companyImports)
      .where(eq(companyImports.id, uploaded.id));
    expect(row).toEqual({ progress: null, heartbeatAt: null });
  });

  it('shows the progress another server wrote, and leaves its run alone until that server falls silent', async () => {
    const server = await startServer();
    const administrator = await createUser(server, { roles: ['administrator_associated_companies'] });
    const auth = authHeader(await tokenFor(server, administrator));
    // A run another server is carrying out: under way, its heartbeat a moment ago.
    const [running] = await database.db
      .insert(companyImports)
      .values({
        fileName: 'elsewhere.csv',
        storedPath: 'elsewhere.csv',
        format: 'csv',
        size: 10,
        status: 'importing',
        progress: { phase: 'import', processed: 250, total: 1000, percent: 25 },
        heartbeatAt: clock.now(),
      })
      .returning();

    const restarted = await startServer();
    const detail = await restarted.inject({ method: 'GET', url: apiPaths.import(running.id), headers: auth });
    expect(detail.json()).toMatchObject({
      status: 'importing',
      progress: { phase: 'import', processed: 250, total: 1000, percent: 25 },
      error: null,
    });

    // Its server stops saying it is alive: the next server to look marks the run interrupted.
    clock.advance(silentRunSeconds + 1);
    await startServer();
    const after = await server.inject({
      method: 'GET',
      url: apiPaths.import(running.id),
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(after.json()).toMatchObject({ status: 'failed', progress: null });
    expect(after.json().error).toMatch(/interrupted/i);
  });
});
