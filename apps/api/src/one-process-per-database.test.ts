import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server and the command line as a user runs them, as real processes on one embedded database.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let dataDir: string;
let environment: NodeJS.ProcessEnv;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-one-process-'));
  environment = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MAIL_POLL_INTERVAL: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
  };
});
afterAll(async () => {
  for (const server of servers)
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

function nodeWithTsx(script: string, args: string[] = []) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves once the server listens (its log says so), with the process. */
function startServer(): Promise<ChildProcess> {
  const server = nodeWithTsx('apps/api/src/server.ts');
  servers.push(server);
  let log = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server listening at')) resolve(server);
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${log}`)));
  });
}

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = nodeWithTsx('apps/api/src/cli.ts', args);
  let stdout = '';
  let stderr = '';
  cli.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  cli.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => cli.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const createUser = [
  'create-user',
  '--email',
  'editor@example.test',
  '--password',
  'Ceramics_2026',
  '--first-name',
  'Ada',
  '--last-name',
  'Rossi',
  '--groups',
  'administrator_press_room',
];

describe('one process per embedded database', () => {
  it('refuses the command line while the server holds the data directory, and lets it in once the server is gone', {
    timeout: 180_000,
  }, async () => {
    const server = await startServer();
    const refused = await runCli(createUser);
    expect(refused.stdout).toBe('');
    expect(refused.code).toBe(75);
    expect(refused.stderr).toBe(
      `error: The embedded database in ${path.join(dataDir, 'pglite')} is in use by the server (pid ${server.pid}): ` +
        'PGlite lets only one process at a time open it, and a second one would work on a copy the first never ' +
        `sees. Either stop that process (Ctrl+C where it runs, or kill ${server.pid}) and try again, or run ` +
        'everything on PostgreSQL, which serves several processes at once: set DATABASE_URL (see the README).\n',
    );
    const lockFile = path.join(dataDir, 'pglite', 'pressroom.lock');
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toEqual({ pid: server.pid, owner: 'the server' });
    // A second server is refused the same way, before it listens.
    const second = nodeWithTsx('apps/api/src/server.ts');
    let secondLog = '';
    second.stderr?.on('data', (chunk) => {
      secondLog += chunk;
    });
    expect(await new Promise((resolve) => second.on('exit', resolve))).toBe(75);
    expect(secondLog).toContain(`is in use by the server (pid ${server.pid})`);

    // Killed without a chance to clean up: its lock stays behind, and the next process takes it over.
    server.kill('SIGKILL');
    await new Promise((resolve) => server.on('exit', resolve));
    expect(existsSync(lockFile)).toBe(true);
    const created = await runCli(createUser);
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe('created user 1 <editor@example.test> in administrator_press_room\n');
    expect(created.code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
