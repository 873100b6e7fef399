// The server and its command line as two files each (apps/api/dist/server.mjs, cli.mjs), bundled by esbuild
// from the TypeScript sources with the workspace packages inside and every npm package left to node_modules
// (native ones, wasm files and worker scripts stay where their packages expect them). Starting a bundle costs
// about half the CPU of transpiling every module through tsx's loader at each start (decision 22).
//
//   node scripts/build-api.mjs          builds now (part of `npm run build`)
//   import { apiBundle } from './build-api.mjs'; await apiBundle();   builds when a source is newer, then
//                                       resolves with the bundles' paths
//
// A source's `import.meta.url` keeps naming the source file, so that paths it resolves (the migrations
// folder, the web app's dist) are the same as when tsx runs it. Each bundle is written under a temporary
// name and renamed into place: a process starting it meanwhile reads the old or the new file, never half.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputDir = path.join(root, 'apps/api/dist');
const entries = { server: 'apps/api/src/server.ts', cli: 'apps/api/src/cli.ts' };
const sources = ['apps/api/src', 'packages/contract/src', 'packages/db/src', 'packages/db/package.json'];

const apiBundlePaths = {
  server: path.join(outputDir, 'server.mjs'),
  cli: path.join(outputDir, 'cli.mjs'),
};

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Whether a bundle is missing or older than a source of the server. */
function apiBundleIsStale() {
  const built = Object.values(apiBundlePaths).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0));
  const oldest = Math.min(...built);
  return sources.some((source) => {
    const full = path.join(root, source);
    return existsSync(full) && newestChange(full) > oldest;
  });
}

const workspaceSources = {
  name: 'workspace-sources',
  setup(build) {
    // npm packages stay imports (resolved from apps/api/dist, as from the sources); the workspace's are bundled.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pressroom/') ? undefined : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const isEntry = Object.values(entries).some((entry) => path.join(root, entry) === args.path);
      return {
        contents: isEntry
          ? text
          : text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/** Builds both bundles now. */
async function buildApi() {
  const suffix = `.${process.pid}-${Date.now()}.tmp`;
  await Promise.all(
    Object.entries(entries).map(async ([name, entry]) => {
      const target = apiBundlePaths[name];
      const temporary = `${target}${suffix}`;
      try {
        await esbuild.build({
          entryPoints: [path.join(root, entry)],
          outfile: temporary,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          logLevel: 'warning',
          plugins: [workspaceSources],
        });
        renameSync(temporary, target);
      } finally {
        rmSync(temporary, { force: true });
      }
    }),
  );
  return apiBundlePaths;
}

let pending;
/** The bundles, built first when missing or older than a source (once per process). */
export function apiBundle() {
  pending ??= apiBundleIsStale() ? buildApi() : Promise.resolve(apiBundlePaths);
  return pending;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildApi();
  console.log(
    `built ${path.relative(root, apiBundlePaths.server)} and ${path.relative(root, apiBundlePaths.cli)}`,
  );
}
