/**
 * Vitest global set-up of the browser journeys: the demo and every journey's users seeded once per run through
 * the real command line; each journey's server starts on a copy (`startServer({ from: demoSeed() })`).
 */
import type { TestProject } from 'vitest/node';
import { demoSeedCommands } from './journey-users.ts';
import { seedOnce } from './support/seed-once.ts';
import type { SeedCopy } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded demo every journey's server copies. */
    demoSeed: SeedCopy;
  }
}

export default async function setup(project: TestProject) {
  const seed = await seedOnce(demoSeedCommands());
  project.provide('demoSeed', { dataDir: seed.dataDir, databaseName: seed.databaseName });
  return seed.remove;
}
