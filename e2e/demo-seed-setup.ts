/**
 * Vitest global set-up of the browser journeys: the web app built when stale (build-web.ts) while the demo and
 * every journey's users are seeded once per run through the real command line; each journey's server starts
 * on a copy (`startServer({ from: demoSeed() })`).
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
  const web = provideWebBuild(project, buildWebIfStale());
  const usersDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-journey-users-'));
  try {
    const [built, seeded] = await Promise.allSettled([
      web,
      seedOnce(demoSeedCommands(await writeJourneyUsersFile(usersDir))),
    ]);
    if (built.status === 'rejected' || seeded.status === 'rejected') {
      if (built.status === 'fulfilled') built.value();
      if (seeded.status === 'fulfilled') await seeded.value.remove();
      throw built.status === 'rejected' ? built.reason : (seeded as PromiseRejectedResult).reason;
    }
    const removeWebBuild = built.value;
    const seed = seeded.value;
    project.provide('demoSeed', { dataDir: seed.dataDir, databaseName: seed.databaseName });
    return async () => {
      removeWebBuild();
      await seed.remove();
    };
  } finally {
    await rm(usersDir, { recursive: true, force: true });
  }
}
