import path from 'node:path';
import { openTestDatabase } from '@pressroom/db/testing';
import { buildApp } from '../app.ts';
import type { Clock } from '../lib/clock.ts';
import type { FileStore } from '../lib/storage/index.ts';
import { type Config, loadConfig } from '../plugins/config.ts';

/** A clock tests move by hand: links and tokens expire without real waiting. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-06-01T09:00:00Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    DATA_DIR: '/tmp/pressroom-test-data',
    LOG_LEVEL: 'silent',
    // The suite builds hundreds of apps: none runs the scheduled jobs unless its test turns them on.
    JOBS_ENABLED: 'false',
  });
  // A test's own data folder holds its own files too (as DATA_DIR/uploads does for a server), unless the test
  // names a store: test files running side by side never share one.
  const storage: Config['storage'] = overrides.dataDir
    ? { kind: 'local', directory: path.join(overrides.dataDir, 'uploads') }
    : base.storage;
  return { ...base, storage, ...overrides };
}

/** Builds the whole application on a fresh, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(
  options: { config?: Partial<Config>; clock?: TestClock; storage?: FileStore } = {},
) {
  const clock = options.clock ?? new TestClock();
  const config = testConfig(options.config);
  const database = await openTestDatabase({ statementTimeoutMs: config.statementTimeoutMs });
  const app = await buildApp({ config, database, clock, logger: false, storage: options.storage });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
