import { defineConfig } from 'vitest/config';
import WaitingAndLongestFirst from './scripts/vitest-sequencer.ts';

/**
 * One runner for every layer. The projects say what each file needs of the database, so that the suite's
 * PostgreSQL run (`npm test -- --database-only`, see scripts/test.mjs) repeats only the files whose outcome
 * the database can change: `db`, `api` and `api-mocks`. The others, the browser journeys among them, run once,
 * in every `npm test` (decision 16).
 */

/** API test files that never open a database: pure units of the server's code. */
const apiFilesWithoutDatabase = [
  'apps/api/src/demo/demo-calendar.test.ts',
  'apps/api/src/features/imports/mapping.test.ts',
  'apps/api/src/features/imports/rows.test.ts',
  'apps/api/src/features/imports/sources.test.ts',
  'apps/api/src/features/videos/parse-video.test.ts',
  'apps/api/src/imports-graph.test.ts',
  'apps/api/src/lib/csv.test.ts',
  'apps/api/src/lib/mail-layout.test.ts',
  'apps/api/src/lib/prepared.test.ts',
  'apps/api/src/lib/shared-reads.test.ts',
  'apps/api/src/lib/storage/file-store.test.ts',
  'apps/api/src/lib/versioned-cache.test.ts',
  'apps/api/src/plugins/config-docs.test.ts',
  'apps/api/src/plugins/config.test.ts',
];

/**
 * Files that always bring their own database, whatever TEST_DATABASE_URL says: embedded PGlite directories
 * (one process per directory, a consent written between the command line and the server) and a PostgreSQL
 * cluster of their own (two app servers on one database, the test processes' own checks).
 */
const nodeFilesWithOwnDatabase = [
  'packages/db/src/pglite-lock.test.ts',
  'apps/api/src/one-process-per-database.test.ts',
];
const journeysWithOwnDatabase = [
  'e2e/two-servers.test.ts',
  'e2e/support/support.test.ts',
  'e2e/privacy.test.ts',
];

/**
 * API test files that replace a module (vi.mock): they need a module registry of their own, so they keep
 * Vitest's per-file isolation; the other API files share their worker's modules (see the api project).
 */
const apiFilesWithModuleMocks = ['apps/api/src/features/press-releases/editing.test.ts'];

const serverTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
const journeyOptions = {
  // A page's uncaught error fails the test it happened in.
  setupFiles: ['e2e/support/page-errors-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // A condition a journey polls for (a route, a stored item) may take a busy machine longer than Vitest's 1 s.
  expect: { poll: { timeout: 10_000 } },
};
// The journeys use the built web app: build it first when missing or older than its sources.
const buildWebApp = 'e2e/build-web.ts';
// One migrated database per run; each test file starts from a copy of it (packages/db/src/testing.ts).
const testDatabaseTemplate = 'packages/db/src/test-template-setup.ts';

export default defineConfig({
  test: {
    // Both cores for every file, the browser journeys too: two journeys at a time, each a server and a browser.
    maxWorkers: 2,
    reporters: ['default', './scripts/vitest-phases.ts'],
    sequence: { sequencer: WaitingAndLongestFirst },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      // Some of these talk to a server too (the S3 store's 20 MB round trip through s3rver).
      { test: { name: 'api-units', include: apiFilesWithoutDatabase, ...serverTimeouts } },
      {
        test: {
          name: 'db',
          include: ['packages/db/src/**/*.test.ts'],
          exclude: nodeFilesWithOwnDatabase,
          globalSetup: [testDatabaseTemplate],
          ...serverTimeouts,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [...apiFilesWithoutDatabase, ...nodeFilesWithOwnDatabase, ...apiFilesWithModuleMocks],
          globalSetup: [testDatabaseTemplate],
          // Each file builds its own apps on its own database; importing the server's modules once per worker
          // rather than once per file saves most of this project's time (decision 16).
          isolate: false,
          ...serverTimeouts,
        },
      },
      {
        test: {
          name: 'api-mocks',
          include: apiFilesWithModuleMocks,
          globalSetup: [testDatabaseTemplate],
          ...serverTimeouts,
        },
      },
      { test: { name: 'own-database', include: nodeFilesWithOwnDatabase, ...serverTimeouts } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: journeysWithOwnDatabase,
          // The web app built while the demo and the journeys' users are seeded once; each journey's server
          // starts on a copy.
          globalSetup: ['e2e/demo-seed-setup.ts'],
          // Like the api project: a journey's state is its server, browser and data copy, none in module state
          // (browser.ts keeps its journal on globalThis), so each worker imports Playwright and the support once.
          isolate: false,
          ...journeyOptions,
        },
      },
      {
        test: {
          name: 'e2e-own-database',
          include: journeysWithOwnDatabase,
          globalSetup: [buildWebApp],
          ...journeyOptions,
        },
      },
    ],
  },
});
