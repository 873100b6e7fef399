import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle has the same query API; services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** Where PGlite keeps its files; absent means in memory. */
  pgliteDirectory?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * What this process is ('the server', 'the command line (create-user)'): a second process refused the
   * PGlite directory is told who holds it (pglite-lock.ts).
   */
  owner?: string;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle client that loses its server must not crash the process; the next query reports the failure.
    pool.on('error', () => {});
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  if (options.pgliteDirectory) {
    mkdirSync(options.pgliteDirectory, { recursive: true });
    unlock = lockDirectory(options.pgliteDirectory, options.owner ?? 'a process');
  }
  // unaccent: the accent-insensitive search (migration 0004_unaccent_search) creates the extension.
  const client = new PGlite({ dataDir: options.pgliteDirectory, extensions: { unaccent } });
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
