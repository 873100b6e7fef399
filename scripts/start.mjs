// `npm start`: everything a newcomer needs on one machine, in order.
//   1. checks the configuration;
//   2. builds the web app when apps/web/dist is missing (unless WEB_DIST_DIR points elsewhere);
//   3. builds the server when a source is newer than its bundle (build-api.mjs; about a second) and starts
//      it (apps/api/dist/server.mjs, as deployments run it) with --demo, forwarding SIGINT/SIGTERM to it:
//      the server applies the migrations (embedded PGlite in DATA_DIR, or DATABASE_URL), seeds the demo on a
//      first start and prints the demo administrator's login while its password is the demo one.
// Only the server opens the database: the embedded one allows one process at a time, and a second
// `npm start` on the same DATA_DIR is refused with the pid of the running one.
// Configuration is read from the environment exactly as the server reads it (apps/api/src/plugins/config.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { apiBundle } from './build-api.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = path.join(root, 'apps/web');
const defaultDist = path.join(webDir, 'dist');

function say(message) {
  console.log(`[start] ${message}`);
}

/** Runs `command args` with inherited output; resolves with the exit code. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function buildWebApp() {
  if (process.env.WEB_DIST_DIR) return;
  if (existsSync(path.join(defaultDist, 'index.html'))) return;
  const hasViteConfig = ['vite.config.ts', 'vite.config.mts', 'vite.config.js'].some((name) =>
    existsSync(path.join(webDir, name)),
  );
  if (!hasViteConfig) {
    say('apps/web has no Vite configuration yet: serving the API only.');
    return;
  }
  say('building the web app (first start)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const code = await run(npm, ['run', 'build', '-w', '@pressroom/web']);
  if (code !== 0) {
    console.error('[start] the web app did not build; fix the error above, then run npm start again.');
    process.exit(code);
  }
}

/** The configuration, checked before anything starts (exit 78, EX_CONFIG, with the reasons). */
async function readConfig() {
  const { loadConfig, ConfigError } = await tsImport('../apps/api/src/plugins/config.ts', import.meta.url);
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

function startServer(serverScript) {
  const child = spawn(process.execPath, [serverScript, '--demo'], {
    cwd: root,
    stdio: 'inherit',
  });
  const forward = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGHUP'));
  child.on('exit', (code, signal) =>
    process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)),
  );
}

const config = await readConfig();
await buildWebApp();
const mail = config.smtpUrl ? 'mail via SMTP' : `mail written to ${path.join(config.dataDir, 'outbox')}`;
const { server } = await apiBundle();
say(`starting the server on port ${config.port} (public URL ${config.publicUrl}; ${mail})`);
startServer(server);
