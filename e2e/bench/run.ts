/**
 * `npm run bench` (not a test): the API's throughput and latency on a throwaway PostgreSQL 15 cluster.
 *
 * Builds the real application in this process (buildApp, the same plugins and routes as the server) on the
 * cluster, adds the bench-only ceiling routes, listens on 127.0.0.1, seeds what each bench module needs and
 * measures every load scenario with autocannon (running in a worker thread) for BENCH_DURATION seconds
 * (default 10) at BENCH_CONNECTIONS connections (default 50), after a 1 s warm-up. Prints a table: route,
 * requests/s, p50, p99 and the ratio to the `SELECT 1` route (the machine's ceiling for a call that touches
 * the database); then the modules' other measurements. BENCH_ONLY=<regex> limits the rows run (the
 * ceilings always run); BENCH_MODULES=<regex> limits the modules seeded and run (platform always runs).
 * The app serves a copy of the built web app (built first when missing; see webAppSnapshot), or the build in
 * BENCH_WEB_DIST (another build to compare, e.g. one made before a change), which the web-budgets module
 * measures. The printed tables are also written to bench-results/<time>.md.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/plugins/config.ts';
import { createUser, tokenFor } from '../../apps/api/src/test-support/factories.ts';
import { startPostgres } from '../support/postgres.ts';
import { repoRoot } from '../support/server.ts';
import {
  type BenchContext,
  type BenchOptions,
  formatTable,
  type LoadResult,
  type LoadScenario,
  loadTable,
  type MeasurementRow,
  runLoad,
} from './harness.ts';
import { benchModules } from './modules/index.ts';
import { firstLoadScripts } from './modules/web-budgets.ts';

const run = promisify(execFile);

const ceilingName = 'SELECT 1';

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/**
 * A copy of the built web app for this run (built first when missing), served by the app under test and
 * measured by the web-budgets module: a rebuild elsewhere during the run (it empties apps/web/dist) cannot
 * pull files from under them. A copy taken in the middle of such a rebuild is taken again.
 */
async function webAppSnapshot(workDir: string, log: (message: string) => void): Promise<string> {
  const dist = path.join(repoRoot, 'apps', 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    log('building the web app (npm run build -w @pressroom/web)');
    await run('npm', ['run', 'build', '-w', '@pressroom/web'], { cwd: repoRoot });
  }
  const target = path.join(workDir, 'web');
  for (let attempt = 1; ; attempt++) {
    await rm(target, { recursive: true, force: true });
    await cp(dist, target, { recursive: true }).catch(() => undefined);
    const complete =
      existsSync(path.join(target, 'index.html')) &&
      (await firstLoadScripts(target)
        .then((files) => files.every((file) => existsSync(file)))
        .catch(() => false));
    if (complete) return target;
    if (attempt === 12) throw new Error(`apps/web/dist stayed incomplete (a build running?)`);
    log('apps/web/dist is being rebuilt; waiting for it');
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}

async function main() {
  const options: BenchOptions = {
    durationSeconds: positiveInteger('BENCH_DURATION', 10),
    connections: positiveInteger('BENCH_CONNECTIONS', 50),
  };
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  const moduleFilter = process.env.BENCH_MODULES ? new RegExp(process.env.BENCH_MODULES, 'i') : null;
  const modules = benchModules.filter(
    (module) => module.name === 'platform' || !moduleFilter || moduleFilter.test(module.name),
  );
  const log = (message: string) => console.error(`[bench] ${message}`);

  log('starting a throwaway PostgreSQL 15 cluster');
  const postgres = await startPostgres();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-bench-'));
  const database = await openDatabase({ url: postgres.url, maxConnections: 20 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await database.migrate();
    const config = loadConfig({
      DATABASE_URL: postgres.url,
      DATA_DIR: workDir,
      WEB_DIST_DIR: process.env.BENCH_WEB_DIST ?? (await webAppSnapshot(workDir, log)),
      LOG_LEVEL: 'warn',
      MAIL_POLL_INTERVAL: '0',
    });
    app = await buildApp({ config, database, logger: { level: 'warn' } });
    for (const module of modules) await module.beforeListen?.(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = address.replace('localhost', '127.0.0.1');

    const adminUser = await createUser(app, { roles: ['administrator_global'] });
    const ctx: BenchContext = {
      app,
      database,
      baseUrl,
      postgresUrl: postgres.url,
      admin: { user: adminUser, token: await tokenFor(app, adminUser) },
      workDir,
      options,
    };

    const scenarios: LoadScenario[] = [];
    const measurements: ((loads: LoadResult[]) => Promise<MeasurementRow[]>)[] = [];
    for (const module of modules) {
      log(`seeding: ${module.name}`);
      const prepared = await module.setup?.(ctx);
      scenarios.push(...(prepared?.load ?? []));
      if (prepared?.measure) measurements.push(prepared.measure);
    }

    const results: LoadResult[] = [];
    for (const scenario of scenarios) {
      if (only && !only.test(scenario.name) && scenario.name !== ceilingName) continue;
      log(`${scenario.name}: ${options.durationSeconds} s at ${options.connections} connections`);
      await runLoad(baseUrl, scenario, { ...options, durationSeconds: 1 });
      results.push(await runLoad(baseUrl, scenario, options));
    }
    const measured: MeasurementRow[] = [];
    for (const measure of measurements) {
      const rows = await measure(results);
      measured.push(...rows.filter((row) => !only || only.test(row.name)));
    }

    const versionResult = (await database.db.execute(sql`select version() as version`)) as unknown as {
      rows: { version: string }[];
    };
    const version = versionResult.rows[0]?.version ?? 'PostgreSQL';
    const cpus = os.cpus();
    const header = [
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${version.split(' on ')[0]}`,
      `Load: autocannon, ${options.connections} connections, ${options.durationSeconds} s per row (after 1 s warm-up), loopback; server logs at warn`,
    ].join('\n');
    const notes = scenarios.filter((scenario) => scenario.note).map((s) => `- ${s.name}: ${s.note}`);
    const sections = [header, '', loadTable(results, ceilingName)];
    if (measured.length) {
      sections.push(
        '',
        formatTable(
          ['measurement', 'value', 'note'],
          measured.map((row) => [row.name, row.value, row.note ?? '']),
          [false, true, false],
        ),
      );
    }
    if (notes.length) sections.push('', ...notes);
    const report = sections.join('\n');
    console.log(`\n${report}\n`);

    const resultsDir = path.join(repoRoot, 'bench-results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
    await writeFile(file, `${report}\n`);
    log(`written to ${path.relative(repoRoot, file)}`);
    if (results.some((result) => result.error || result.non2xx || result.errors)) process.exitCode = 1;
  } finally {
    await app?.close();
    await database.close();
    await postgres.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
