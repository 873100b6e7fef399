/**
 * The real server as a child process, as it runs in production: the bundle of apps/api/src/server.ts that
 * `npm run build` makes (scripts/build-api.mjs; built here first when a source is newer).
 *
 *   const server = await startServer({ env: { SMTP_URL: smtp.url }, cli: [['seed-demo']] });
 *   server.url                          // http://localhost:<port> (PUBLIC_URL unless env overrides it)
 *   server.urlFor('fair.localhost')     // http://fair.localhost:<port> (same server, another site; browsers)
 *   await server.request('fair.localhost', '/api/...', { method: 'POST', json: {...} })  // from Node
 *   await server.waitForLog(/outbox/);  // the log so far is server.log()
 *   await server.stop();                // SIGTERM (graceful), SIGKILL after 10 s; temp data dir removed
 *
 * Each server gets a free port on 127.0.0.1 and its own temporary DATA_DIR, and its own database: embedded
 * PGlite in that directory; or, when TEST_DATABASE_URL is set (the suite's PostgreSQL run), a fresh database
 * created on that server and dropped on stop; or the DATABASE_URL given in env. `cli` runs `apps/api/src/cli.ts` commands with the same environment before the
 * server starts (PGlite allows one process at a time on a data directory). `start` resolves once GET /healthz
 * answers 200, and rejects with the collected log if the process exits or is not healthy within the timeout.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiBundle } from '../../scripts/build-api.mjs';
import { freePort } from './net.ts';
import { seedFinished } from './seed-once.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerOptions {
  /** Environment overrides (SMTP_URL, DATABASE_URL, SITES, ACCREDITATION_MODE, ...). */
  env?: Record<string, string>;
  /** CLI commands run before the server starts, e.g. [['seed-demo']]. */
  cli?: string[][];
  /** Use this data directory (kept on stop) instead of a fresh temporary one (removed on stop). */
  dataDir?: string;
  /**
   * Start from a copy of this prepared data (see `seedOnce`; once it is ready): its data directory copied into the server's own,
   * and on PostgreSQL a new database made from its database as a template. `cli` commands run after the copy.
   */
  from?: SeedCopy;
  /** Milliseconds to wait for /healthz (default 60 s). */
  startTimeoutMs?: number;
}

/**
 * Prepared data to start from: a data directory and, on PostgreSQL, the name of a database to copy; when
 * `seedOnce` prepares it in the background, the file whose presence says it has finished (`seedFinished`).
 */
export interface SeedCopy {
  dataDir: string;
  databaseName: string | null;
  finishedFile?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  /** The same server under another hostname (sites are chosen by hostname; *.localhost resolves to loopback). */
  urlFor(hostname: string): string;
  /**
   * An HTTP request to this server under a site's hostname, from Node (which, unlike browsers, does not
   * resolve *.localhost): connects to 127.0.0.1 and sends `Host: <hostname>:<port>`.
   */
  request(hostname: string, path: string, init?: SiteRequestInit): Promise<SiteResponse>;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
  /** Resolves with the first log line matching the pattern (already written or still to come). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export interface SiteRequestInit {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  body?: string | Buffer;
}

interface SiteResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
  /** The body's bytes (files, ZIPs). */
  bytes: Buffer;
  json<T = unknown>(): T;
}

function requestAs(port: number, hostname: string, path: string, init: SiteRequestInit = {}) {
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  const headers: Record<string, string> = {
    host: `${hostname}:${port}`,
    ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...init.headers,
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<SiteResponse>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            bytes,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Runs the server's or the command line's bundle (scripts/build-api.mjs: built first when a source is newer). */
async function nodeWithBundle(
  bundle: 'server' | 'cli',
  args: string[],
  env: Record<string, string>,
): Promise<ChildProcess> {
  const script = (await apiBundle())[bundle];
  return spawn(process.execPath, [script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs one CLI command (apps/api/src/cli.ts) with the given environment; rejects with its output on failure. */
export async function runCli(args: string[], env: Record<string, string>): Promise<string> {
  const child = await nodeWithBundle('cli', args, env);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`cli ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * A fresh database on the TEST_DATABASE_URL server, for one server process (a copy of `template` when given);
 * returns its URL and a dropper.
 */
async function createServerDatabase(serverUrl: string, template?: string | null) {
  const name = `e2e_${Date.now()}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'pressroom-server-')));
  const testServerUrl = process.env.TEST_DATABASE_URL;
  if (options.from) {
    await seedFinished(options.from);
    await cp(options.from.dataDir, dataDir, { recursive: true });
  }
  const ownDatabase =
    testServerUrl && !options.env?.DATABASE_URL
      ? await createServerDatabase(testServerUrl, options.from?.databaseName)
      : null;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}),
    ...options.env,
  };
  const cleanUp = async () => {
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    await ownDatabase?.drop();
  };

  try {
    for (const args of options.cli ?? []) await runCli(args, env);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const child = await nodeWithBundle('server', [], env);
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const log = () => [...lines, partial].join('\n');

  let exited = false;
  const exit = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      exited = true;
      resolve(code);
    });
  });

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    }
    await cleanUp();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the server exited before it was healthy:\n${log()}`);
    }
    const healthy = await fetch(`${url}/healthz`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy within ${options.startTimeoutMs ?? 60_000} ms:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    env,
    urlFor: (hostname) => `http://${hostname}:${port}`,
    request: (hostname, path, init) => requestAs(port, hostname, path, init),
    log,
    waitForLog(pattern, timeoutMs = 10_000) {
      const found = lines.find((line) => pattern.test(line));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(line);
        };
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no log line matched ${pattern} within ${timeoutMs} ms:\n${log()}`));
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    stop,
  };
}
