/**
 * `npm test`: the type check, the lint, the unused exports (knip) and every Vitest project (unit, API and
 * browser tests), each step printing a `phase:` line with its seconds. `npm test -- --database-only` runs
 * only the projects whose outcome the database can change (db, api, api-mocks): the suite's second run needs
 * no more (vitest.config.ts says which files go where). The browser journeys run once, in the run without
 * that flag, on the suite's database (PGlite unless TEST_DATABASE_URL names a PostgreSQL server, as `.ci/run`
 * does): they drive the browser against the server, and what the database does under them is the API and db
 * tests' to prove on both (decision 16). Other arguments go to Vitest.
 */
import { spawnSync } from 'node:child_process';

const databaseProjects = ['db', 'api', 'api-mocks'];
const args = process.argv.slice(2);
const databaseOnly = args.includes('--database-only');
const vitestArgs = args.filter((argument) => argument !== '--database-only');

function phase(name, command, commandArgs) {
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`phase: ${name}: ${seconds} s${result.status === 0 ? '' : ` (failed, exit ${result.status})`}`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (!databaseOnly) {
  phase('typecheck', npm, ['run', '--silent', 'typecheck']);
  phase('lint', npm, ['run', '--silent', 'lint']);
  phase('unused exports', npm, ['run', '--silent', 'lint:unused']);
}
const projects = databaseOnly ? databaseProjects.flatMap((name) => ['--project', name]) : [];
phase(databaseOnly ? 'vitest (db, api, api-mocks)' : 'vitest (every project)', process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...projects,
  ...vitestArgs,
]);
