import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrationsFolder, openDatabase } from './client.ts';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/** What the migrations left: the applied migrations' count and how many times the first table exists. */
async function schemaOf(database: DatabaseHandle) {
  const applied = await database.query('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations', []);
  const users = await database.query(
    "SELECT count(*)::int AS count FROM pg_class WHERE relname = 'users' AND relkind = 'r'",
    [],
  );
  return { applied: Number(applied.rows[0].count), usersTables: Number(users.rows[0].count) };
}

describe('migrations', () => {
  it('two servers migrating one fresh database at once both succeed and leave one schema', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      // PGlite is one process: two calls on its one handle take turns.
      const database = await openDatabase();
      try {
        await Promise.all([database.migrate(), database.migrate()]);
        expect(await schemaOf(database)).toEqual({ applied: journal.entries.length, usersTables: 1 });
      } finally {
        await database.close();
      }
      return;
    }
    const name = `test_migrate_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const servers = [
      await openDatabase({ url: url.toString(), maxConnections: 2 }),
      await openDatabase({ url: url.toString(), maxConnections: 2 }),
    ];
    try {
      await Promise.all(servers.map((server) => server.migrate()));
      expect(await schemaOf(servers[0])).toEqual({ applied: journal.entries.length, usersTables: 1 });
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
