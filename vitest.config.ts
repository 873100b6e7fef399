import { defineConfig } from 'vitest/config';

// One runner for every layer: unit and API tests in parallel workers, browser journeys one file at a time.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'db',
          include: ['packages/db/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // The journeys use the built web app: build it first when missing or older than its sources.
          globalSetup: ['e2e/build-web.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
