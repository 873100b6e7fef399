/**
 * Data prepared once for many servers: CLI commands run on a fresh data directory (and, on the suite's
 * PostgreSQL run, a fresh database), then left untouched so that each server starts from a copy of it
 * (`startServer({ from })`): a directory copy and `CREATE DATABASE … TEMPLATE` take a fraction of a second,
 * where seeding the demo costs many.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runCli, type SeedCopy } from './server.ts';

export async function seedOnce(commands: string[][]): Promise<SeedCopy & { remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-seed-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = serverUrl ? `e2e_seed_${Date.now()}_${Math.random().toString(16).slice(2, 10)}` : null;
  const onServer = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  const remove = async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (databaseName) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  };
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  if (serverUrl && databaseName) {
    await onServer(`CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  try {
    for (const args of commands) await runCli(args, env);
  } catch (error) {
    await remove();
    throw error;
  }
  return { dataDir, databaseName, remove };
}
