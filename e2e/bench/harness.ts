/**
 * The benchmark's building blocks, shared by every bench module in e2e/bench/modules/.
 *
 * A bench module (see modules/platform.ts) is `{ name, beforeListen?(app), setup?(ctx) }`:
 *   - beforeListen(app): add routes only the benchmark needs (the app is not ready yet);
 *   - setup(ctx): seed data through ctx.app / ctx.db, then return
 *       load:    LoadScenario[]  measured with autocannon (requests/s, p50, p99, ratio to `SELECT 1`);
 *       measure: (loads) => MeasurementRow[]  anything else (e.g. a ZIP's time and peak memory), after
 *                the loads, whose results it is given.
 *   A load scenario may name `servers` (other processes) to load instead of the app (modules/two-servers.ts).
 * Register a new module in modules/index.ts. Each load scenario is checked once before it is measured: an
 * unexpected status fails that row loudly instead of measuring error pages.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import type { DatabaseHandle } from '@pressroom/db';
import autocannon from 'autocannon';
import type { App } from '../../apps/api/src/app.ts';
import type { TestUser } from '../../apps/api/src/test-support/factories.ts';

export interface BenchOptions {
  /** Seconds each load scenario runs (BENCH_DURATION, default 10). */
  durationSeconds: number;
  /** Concurrent connections (BENCH_CONNECTIONS, default 50). */
  connections: number;
}

export interface BenchContext {
  app: App;
  database: DatabaseHandle;
  /** http://127.0.0.1:<port> of the app under test. */
  baseUrl: string;
  /** The throwaway PostgreSQL cluster's URL (postgres database). */
  postgresUrl: string;
  /** An administrator_global, with a valid token. */
  admin: { user: TestUser; token: string };
  /** A temporary directory for files (removed at the end). */
  workDir: string;
  options: BenchOptions;
}

export interface LoadScenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Status every response must have (default 200). */
  expectStatus?: number;
  /** Printed under the table. */
  note?: string;
  /** Each request gets a fresh id in place of `[<id>]` in its path (autocannon's idReplacement). */
  uniquePerRequest?: boolean;
  /**
   * Other servers to load instead of the bench's app (their http://host:port): autocannon spreads the
   * connections over them in turn, as a round-robin load balancer would.
   */
  servers?: string[];
}

export interface MeasurementRow {
  name: string;
  value: string;
  note?: string;
}

export interface BenchModule {
  name: string;
  beforeListen?(app: App): void | Promise<void>;
  setup?(ctx: BenchContext): Promise<
    | {
        load?: LoadScenario[];
        /** Runs after every load scenario, with their results when run by run.ts (e.g. to compare two). */
        measure?: (loads?: LoadResult[]) => Promise<MeasurementRow[]>;
      }
    | undefined
  >;
}

export interface LoadResult {
  scenario: LoadScenario;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  error?: string;
}

/** The part of autocannon's result read here. */
interface AutocannonSummary {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** Runs autocannon with its load in a worker thread, so it does not share the server's event loop. */
async function autocannonInWorker(options: Record<string, unknown>): Promise<AutocannonSummary> {
  const result = await autocannon({ ...options, workers: 1 } as autocannon.Options);
  return result as unknown as AutocannonSummary;
}

export async function runLoad(
  baseUrl: string,
  scenario: LoadScenario,
  options: BenchOptions,
): Promise<LoadResult> {
  const method = scenario.method ?? 'GET';
  const expected = scenario.expectStatus ?? 200;
  const headers = {
    ...(scenario.body ? { 'content-type': 'application/json' } : {}),
    ...scenario.headers,
  };
  const empty = { scenario, requestsPerSecond: 0, p50: 0, p99: 0, requests: 0, non2xx: 0, errors: 0 };
  const urls = (scenario.servers ?? [baseUrl]).map((server) => `${server}${scenario.path}`);
  for (const url of urls) {
    const probe = await fetch(url, { method, headers, body: scenario.body });
    const probeBody = await probe.text();
    if (probe.status !== expected) {
      return { ...empty, error: `expected ${expected}, got ${probe.status}: ${probeBody.slice(0, 200)}` };
    }
  }
  const result = await autocannonInWorker({
    url: urls.length === 1 ? urls[0] : urls,
    method,
    headers,
    body: scenario.body,
    connections: options.connections,
    duration: options.durationSeconds,
    expectBody: undefined,
    idReplacement: scenario.uniquePerRequest ?? false,
  });
  const statusCodes = result.statusCodeStats ?? {};
  const unexpected = Object.entries(statusCodes)
    .filter(([code]) => Number(code) !== expected)
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  return {
    scenario,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: unexpected,
    errors: result.errors + result.timeouts,
  };
}

/**
 * A full garbage collection. The bench runs without --expose-gc (`global.gc` is undefined, so a call to it
 * does nothing); the flag set at run time gives new contexts the function.
 */
export function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
}

/** Runs `work` while sampling this process's resident memory; returns the result, time and peak RSS. */
export async function withPeakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; peakRssMb: number; baselineRssMb: number }> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      peakRssMb: peak / 1024 / 1024,
      baselineRssMb: baseline / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

function pad(values: string[], widths: number[], alignRight: boolean[]) {
  return values.map((value, index) =>
    alignRight[index] ? value.padStart(widths[index]) : value.padEnd(widths[index]),
  );
}

export function formatTable(headers: string[], rows: string[][], alignRight: boolean[]): string {
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => row[index].length)),
  );
  const line = (values: string[]) => `| ${pad(values, widths, alignRight).join(' | ')} |`;
  const rule = `|${widths.map((width, index) => (alignRight[index] ? `${'-'.repeat(width + 1)}:` : `-${'-'.repeat(width + 1)}`)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** autocannon records whole milliseconds. */
function milliseconds(value: number): string {
  return value < 1 ? '<1 ms' : `${value} ms`;
}

export function loadTable(results: LoadResult[], ceilingName: string): string {
  const ceiling = results.find((result) => result.scenario.name === ceilingName && !result.error);
  const rows = results.map((result) => {
    if (result.error) return [result.scenario.name, 'FAILED', '', '', '', result.error];
    const ratio = ceiling
      ? `${((100 * result.requestsPerSecond) / ceiling.requestsPerSecond).toFixed(0)}%`
      : '';
    const problems = [
      result.non2xx ? `${result.non2xx} unexpected statuses` : '',
      result.errors ? `${result.errors} errors/timeouts` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return [
      result.scenario.name,
      result.requestsPerSecond.toFixed(0),
      milliseconds(result.p50),
      milliseconds(result.p99),
      ratio,
      problems || 'ok',
    ];
  });
  return formatTable(['route', 'requests/s', 'p50', 'p99', `vs ${ceilingName}`, 'check'], rows, [
    false,
    true,
    true,
    true,
    true,
    false,
  ]);
}
