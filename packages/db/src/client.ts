import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDirectory } from './pglite-lock.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle has the same query API; services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** What a query returns to `DatabaseHandle.query` callers: the rows, whatever the driver. */
interface SqlResult {
  rows: Record<string, unknown>[];
}

/** The PostgreSQL pool's connections; null for PGlite, which is one connection inside the process. */
interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations (idempotent). On PostgreSQL under an advisory lock, so servers starting together
   * take turns and the first applies them; calls in one process take turns too.
   */
  migrate(): Promise<void>;
  /**
   * Runs SQL text on the driver itself, for a library that brings its own SQL (pg-boss): with `values`, one
   * statement with $1, $2 ... parameters; without, any number of statements (on PGlite in one transaction).
   */
  query(text: string, values?: unknown[]): Promise<SqlResult>;
  /**
   * Runs `work` while holding the advisory lock `key` (a bigint any code of this application picks), its
   * queries on the connection that holds it: on PostgreSQL, across every process on the database; on PGlite,
   * one process, callers of this handle take turns.
   */
  withAdvisoryLock<T>(key: number, work: (query: DatabaseHandle['query']) => Promise<T>): Promise<T>;
  poolStats(): PoolStats | null;
  /**
   * Whether the database answers: PostgreSQL is asked `select 1`; PGlite lives in this process and is there
   * while it is open, so nothing waits for its one connection (a long transaction may hold it).
   */
  isReachable(): Promise<boolean>;
  /** PGlite only: the whole cluster as a tarball, for `pgliteDump` (a copy in memory or on disk). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** Where PGlite keeps its files; absent means in memory. */
  pgliteDirectory?: string;
  /**
   * A PGlite dump (`dumpDataDir`) to start from instead of an empty cluster: loading one is several times
   * faster than PGlite's own initdb, and it brings whatever the dump holds (a migrated schema, say).
   */
  pgliteDump?: Blob;
  /**
   * PGlite's shared buffers ('16MB'); absent, PostgreSQL's 128 MB. Starting PGlite sets them up inside its
   * WebAssembly memory, about half of its start-up time at the default: the test databases, small and opened
   * by the hundred, take less (packages/db/src/testing.ts).
   */
  pgliteSharedBuffers?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * PostgreSQL: milliseconds after which the server cancels any one statement of the pool's connections
   * (SQLSTATE 57014), except under `migrate` and `withAdvisoryLock`; absent, none. PGlite runs a statement
   * inside this process's thread and cannot interrupt it, so it has none.
   */
  statementTimeoutMs?: number;
  /**
   * What this process is ('the server', 'the command line (create-user)'): a second process refused the
   * PGlite directory is told who holds it (pglite-lock.ts).
   */
  owner?: string;
}

/**
 * The advisory lock the migrator holds on PostgreSQL (any number unique to this application): a second server
 * starting meanwhile waits for it, then finds nothing left to apply.
 */
const migrationLockKey = 7_105_116_233;

/** One call at a time: a second caller waits for the first (e.g. a migration, then finds nothing to do). */
function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<unknown> = Promise.resolve();
  return () => {
    const next = running.catch(() => undefined).then(run);
    running = next;
    return next;
  };
}

async function withSessionLock<T>(
  pool: pg.Pool,
  key: number,
  work: (query: DatabaseHandle['query']) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Waiting for the lock and the work under it (installing pg-boss) are not a caller's statements.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work((text, values) => client.query(text, values));
    } finally {
      // Also released when the session ends, should this fail with the connection.
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((error: Error) => {
        broken = error;
      });
      await client.query('RESET statement_timeout').catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A migration (or the wait for another server's) may take longer than any request's statement.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePostgres(drizzlePostgres(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch((error: Error) => {
        broken = error;
      });
      await client.query('RESET statement_timeout').catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // Sent when each connection starts: the session's default, which RESET returns to.
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle client that loses its server must not crash the process; the next query reports the failure.
    pool.on('error', () => {});
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: oneAtATime(() => migrateUnderLock(pool)),
      query: (text, values) => pool.query(text, values),
      withAdvisoryLock: (key, work) => withSessionLock(pool, key, work),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      isReachable: () =>
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  if (options.pgliteDirectory) {
    mkdirSync(options.pgliteDirectory, { recursive: true });
    unlock = lockDirectory(options.pgliteDirectory, options.owner ?? 'a process');
  }
  // unaccent: the accent-insensitive search (migration 0004_unaccent_search) creates the extension; pg_trgm:
  // the picture search's trigram index (migration 0030_picture_search).
  const client = new PGlite({
    dataDir: options.pgliteDirectory,
    extensions: { unaccent, pg_trgm },
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    ...(options.pgliteSharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffers}`] }
      : {}),
  });
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const turns = new Map<number, Promise<unknown>>();
  const query: DatabaseHandle['query'] = async (text, values) => {
    if (values) return client.query<Record<string, unknown>>(text, values);
    // Several statements need PGlite's exec (the simple protocol). In a transaction of PGlite's own: should
    // one fail after the text's own BEGIN, it is rolled back here, never left open for the next caller (a
    // BEGIN or COMMIT in the text only draws a warning inside it).
    const results = await client.transaction((tx) => tx.exec(text));
    return results.at(-1) ?? { rows: [] };
  };
  return {
    db,
    kind: 'pglite',
    migrate: oneAtATime(() => migratePglite(db as never, { migrationsFolder })),
    query,
    withAdvisoryLock<T>(key: number, work: (query: DatabaseHandle['query']) => Promise<T>) {
      const next = (turns.get(key) ?? Promise.resolve()).catch(() => undefined).then(() => work(query));
      turns.set(key, next);
      return next;
    },
    poolStats: () => null,
    isReachable: async () => !client.closed,
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
