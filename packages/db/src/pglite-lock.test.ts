import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DatabaseInUseError, lockDirectory, lockFileName } from './pglite-lock.ts';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'pressroom-lock-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const lockFile = () => path.join(directory, lockFileName);

/** The pid of a process that has already ended. */
function endedPid(): number {
  const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(ended.stdout.trim());
}

describe('the lock of an embedded database directory', () => {
  // Creating a PGlite directory takes seconds, more on a busy machine.
  it('holds the pid and owner while the database is open, refuses a second opening, and goes on close', {
    timeout: 120_000,
  }, async () => {
    const database = await openDatabase({ pgliteDirectory: directory, owner: 'the server' });
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toEqual({ pid: process.pid, owner: 'the server' });
    const refusal = await openDatabase({ pgliteDirectory: directory }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseInUseError);
    expect((refusal as DatabaseInUseError).holder).toEqual({ pid: process.pid, owner: 'the server' });
    await database.close();
    expect(await readdir(directory)).not.toContain(lockFileName);
    lockDirectory(directory, 'the command line (migrate)')();
  });

  it('takes over a lock whose process has ended', async () => {
    const pid = endedPid();
    writeFileSync(lockFile(), `${JSON.stringify({ pid, owner: 'the server' })}\n`);
    const release = lockDirectory(directory, 'the command line (migrate)');
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toEqual({
      pid: process.pid,
      owner: 'the command line (migrate)',
    });
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over a lock with its own pid that it does not hold (an earlier run given the same pid)', () => {
    writeFileSync(lockFile(), `${JSON.stringify({ pid: process.pid, owner: 'the server' })}\n`);
    const release = lockDirectory(directory, 'the server');
    expect(() => lockDirectory(directory, 'the command line (purge)')).toThrow(
      `is in use by the server (pid ${process.pid})`,
    );
    release();
  });

  it('takes over a lock file that is not one', () => {
    writeFileSync(lockFile(), 'garbage');
    lockDirectory(directory, 'the server')();
    expect(existsSync(lockFile())).toBe(false);
  });
});
