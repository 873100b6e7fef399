/**
 * Vitest global set-up of the browser journeys: the demo and every journey's users seeded once per run through
 * the real command line; each journey's server starts on a copy (`startServer({ from: demoSeed() })`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { demoSeedCommands, writeJourneyUsersFile } from './journey-users.ts';
import { seedOnce } from './support/seed-once.ts';
import type { SeedCopy } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded demo every journey's server copies. */
    demoSeed: SeedCopy;
  }
}

export default async function setup(project: TestProject) {
  const usersDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-journey-users-'));
  try {
    const seed = await seedOnce(demoSeedCommands(await writeJourneyUsersFile(usersDir)));
    project.provide('demoSeed', { dataDir: seed.dataDir, databaseName: seed.databaseName });
    return seed.remove;
  } finally {
    await rm(usersDir, { recursive: true, force: true });
  }
}
