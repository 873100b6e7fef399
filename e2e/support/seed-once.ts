/**
 * Data prepared once for many servers: CLI commands run on a fresh data directory (and, on the suite's
 * PostgreSQL run, a fresh database), then left untouched so that each server starts from a copy of it
 * (`startServer({ from })`): a directory copy and `CREATE DATABASE … TEMPLATE` take a fraction of a second,
 * where seeding the demo costs many.
 *
 * The commands run in the background: `seedOnce` resolves as soon as the data's places are chosen, and a
 * server to start from it waits until they have finished (`seedFinished`), so that files which do not need
 * the data run meanwhile. Their outcome is a file beside the data directory, which every test process can
 * read: `<dataDir>.done` (`finishedFile`) when they succeeded, `<dataDir>.done.failed` with their output
 * when not.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { runCli, type SeedCopy } from './server.ts';

const failedFileOf = (finishedFile: string) => `${finishedFile}.failed`;

export async function seedOnce(
  commands: string[][],
): Promise<Required<SeedCopy> & { finished: Promise<void>; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-seed-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = serverUrl ? `e2e_seed_${Date.now()}_${Math.random().toString(16).slice(2, 10)}` : null;
  const seed = { dataDir, databaseName, finishedFile: `${dataDir}.done` };
  const failedFile = failedFileOf(seed.finishedFile);
  const onServer = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  const run = async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
    if (serverUrl && databaseName) {
      await onServer(`CREATE DATABASE ${databaseName}`);
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      env.DATABASE_URL = url.toString();
    }
    for (const args of commands) await runCli(args, env);
  };
  const finished = run().then(
    () => writeFile(seed.finishedFile, ''),
    async (error: unknown) => {
      await writeFile(failedFile, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    },
  );
  // Whoever waits reads the outcome from the files; a failure must not also go unhandled here.
  finished.catch(() => undefined);
  const remove = async () => {
    await finished.catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    await rm(seed.finishedFile, { force: true });
    await rm(failedFile, { force: true });
    if (databaseName) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  };
  return { ...seed, finished, remove };
}

/**
 * Resolves at once for data prepared beforehand, and for data `seedOnce` prepares once its commands have
 * succeeded; rejects with their output if they failed.
 */
export async function seedFinished(seed: SeedCopy, timeoutMs = 600_000): Promise<void> {
  const { finishedFile } = seed;
  if (!finishedFile) return;
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(finishedFile)) {
    if (existsSync(failedFileOf(finishedFile))) {
      throw new Error(
        `preparing the data to start from failed:\n${await readFile(failedFileOf(finishedFile), 'utf8')}`,
      );
    }
    if (Date.now() > deadline) throw new Error(`the data to start from was not ready after ${timeoutMs} ms`);
    await sleep(200);
  }
}
