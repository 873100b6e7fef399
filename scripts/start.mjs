// `npm start`: everything a newcomer needs on one machine, in order.
//   1. builds the web app when apps/web/dist is missing (unless WEB_DIST_DIR points elsewhere);
//   2. applies the database migrations (embedded PGlite in DATA_DIR, or DATABASE_URL);
//   3. on first start (no users in the database, no marker file in DATA_DIR) seeds the demo through the CLI,
//      which prints the administrator's credentials;
//   4. starts the server (apps/api/src/server.ts through tsx), forwarding SIGINT/SIGTERM to it.
// Configuration is read from the environment exactly as the server reads it (apps/api/src/plugins/config.ts).
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = path.join(root, 'apps/web');
const defaultDist = path.join(webDir, 'dist');
const cliScript = path.join(root, 'apps/api/src/cli.ts');
const serverScript = path.join(root, 'apps/api/src/server.ts');

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

function runTs(script, args = []) {
  return run(process.execPath, ['--import', 'tsx', script, ...args]);
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

/** Migrates and tells whether the database has no users yet (then the demo is seeded). */
async function migrateAndCountUsers() {
  const { loadConfig, ConfigError } = await tsImport('../apps/api/src/plugins/config.ts', import.meta.url);
  const { openDatabase, users } = await tsImport('../packages/db/src/index.ts', import.meta.url);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDirectory: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    say(`migrating the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database...`);
    await database.migrate();
    const userCount = await database.db.$count(users);
    return { config, userCount };
  } finally {
    // PGlite allows one process per directory: the seed and the server open it after this.
    await database.close();
  }
}

async function seedDemoOnFirstStart(config, userCount) {
  const marker = path.join(config.dataDir, 'demo-seeded');
  if (userCount > 0 || existsSync(marker)) return;
  if (!existsSync(cliScript)) {
    say('apps/api/src/cli.ts does not exist yet: no demo data.');
    return;
  }
  say('first start: seeding the demo (npm run cli -- seed-demo)...');
  const code = await runTs(cliScript, ['seed-demo']);
  if (code !== 0) {
    console.error('[start] seeding the demo failed (see above).');
    process.exit(code);
  }
  writeFileSync(marker, `${new Date().toISOString()}\n`);
}

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], { cwd: root, stdio: 'inherit' });
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

await buildWebApp();
const { config, userCount } = await migrateAndCountUsers();
await seedDemoOnFirstStart(config, userCount);
const mail = config.smtpUrl ? 'mail via SMTP' : `mail written to ${path.join(config.dataDir, 'outbox')}`;
say(`starting the server on port ${config.port} (public URL ${config.publicUrl}; ${mail})`);
startServer();
