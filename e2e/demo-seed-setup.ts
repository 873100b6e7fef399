/**
 * Vitest global set-up of the browser journeys: the web app built when stale (build-web.ts) while the demo and
 * every journey's users are seeded once per run through the real command line; each journey's server starts
 * on a copy (`startServer({ from: demoSeed() })`), waiting for the seed if it is still under way. The set-up
 * does not wait for it: the files that need no demo (those with their own database, the API's) start meanwhile.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWebIfStale, provideWebBuild } from './build-web.ts';
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
  const seed = await seedOnce(demoSeedCommands(await writeJourneyUsersFile(usersDir)));
  const usersRemoved = seed.finished
    .catch(() => undefined)
    .then(() => rm(usersDir, { recursive: true, force: true }));
  let removeWebBuild: () => void;
  try {
    removeWebBuild = await provideWebBuild(project, buildWebIfStale());
  } catch (error) {
    await seed.remove();
    await usersRemoved;
    throw error;
  }
  project.provide('demoSeed', {
    dataDir: seed.dataDir,
    databaseName: seed.databaseName,
    finishedFile: seed.finishedFile,
  });
  return async () => {
    removeWebBuild();
    await seed.remove();
    await usersRemoved;
  };
}
