import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client.ts';

/**
 * A test file's embedded database holds a few hundred rows: 16 MB of shared buffers rather than 128 MB halves the
 * CPU of opening one (about 2 s to 1 s, measured), which the PGlite pass does for every file.
 */
const testSharedBuffers = '16MB';

/**
 * Where a test run's migrated template is, set by `prepareTestTemplate` (the Vitest global set-up) before the
 * test workers start, so they inherit it: a PGlite dump file, or a database on the TEST_DATABASE_URL server.
 */
const templateDumpVariable = 'PRESSROOM_TEST_TEMPLATE_DUMP';
const templateDatabaseVariable = 'PRESSROOM_TEST_TEMPLATE_DATABASE';

/**
 * The run's template dump as PGlite reads it, its bytes read from disk once per test process. Node 20's Blob
 * copies what it is made of and copies it twice more on every `arrayBuffer()` (chunks, then joined), 45 MB each
 * time, and a test file opens several databases: that was about half of opening one (1.3 s of CPU against
 * 0.55 to 0.8 s, measured). PGlite only reads the bytes, copying each file into its own file system.
 */
class TemplateDump extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override get size() {
    return this.#bytes.byteLength;
  }
  override arrayBuffer() {
    return Promise.resolve(this.#bytes);
  }
}

const templateDumps = new Map<string, Promise<TemplateDump>>();

function templateDump(file: string): Promise<TemplateDump> {
  let dump = templateDumps.get(file);
  if (!dump) {
    dump = readFile(file).then(
      (bytes) => new TemplateDump(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
    );
    templateDumps.set(file, dump);
  }
  return dump;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one database for the whole run and says where it is (see the variables above); answers how to
 * remove it. Each test file then starts from a copy instead of migrating a cluster of its own: PGlite's
 * initdb costs seconds, loading a dump a fraction of that; PostgreSQL copies a template in a tenth of a second.
 */
export async function prepareTestTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase();
    await handle.migrate();
    const dump = await handle.dumpDataDir?.();
    await handle.close();
    if (!dump) throw new Error('the embedded database gave no dump');
    const file = path.join(
      os.tmpdir(),
      `pressroom-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
    );
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env[templateDumpVariable] = file;
    return async () => {
      delete process.env[templateDumpVariable];
      await rm(file, { force: true });
    };
  }
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  process.env[templateDatabaseVariable] = name;
  return async () => {
    delete process.env[templateDatabaseVariable];
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL. Closing it drops the PostgreSQL database. It starts from the run's template when
 * there is one (then the migration finds nothing left to apply), else it is migrated here.
 */
export async function openTestDatabase(
  options: { statementTimeoutMs?: number } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dumpFile = process.env[templateDumpVariable];
    const pgliteDump = dumpFile ? await templateDump(dumpFile) : undefined;
    const handle = await openDatabase({ pgliteDump, pgliteSharedBuffers: testSharedBuffers });
    await handle.migrate();
    return handle;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = process.env[templateDatabaseVariable];
  await onServer(serverUrl, (client) =>
    client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({
    url,
    maxConnections: 5,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  await handle.migrate();
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
