/**
 * Vitest global setup of the e2e project: the browser journeys run against the built web app served by the
 * API, so build it when apps/web/dist is missing or older than any source of the app (or of the contract it
 * bundles).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
];

function newestChange(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => {
    const full = path.join(root, source);
    return existsSync(full) && newestChange(full) > built;
  });
}

/** Builds the web app when stale, without blocking the process: the journeys' set-up seeds the demo meanwhile. */
export async function buildWebIfStale(): Promise<void> {
  if (!webBuildIsStale()) return;
  const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development builds.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (status !== 0) throw new Error(`building the web app failed (exit ${status})`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A private copy of the built web app for this run's servers (WEB_DIST_DIR). */
    webDistDir: string;
  }
}

/**
 * Builds when stale, then gives this run its own copy of the build: a rebuild started meanwhile (another
 * run, a developer) must not swap the files under a server that listed them at start.
 */
export default async function setup(project: TestProject) {
  return provideWebBuild(project, buildWebIfStale());
}

/** Once `built` resolves, gives the project its copy of the build (webDistDir); resolves with its removal. */
export async function provideWebBuild(project: TestProject, built: Promise<void>): Promise<() => void> {
  await built;
  const copy = snapshotWebBuild();
  project.provide('webDistDir', copy.dir);
  return copy.remove;
}

/** A private copy of apps/web/dist (for WEB_DIST_DIR) and how to remove it. */
export function snapshotWebBuild(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pressroom-web-'));
  cpSync(path.join(root, 'apps/web/dist'), dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
