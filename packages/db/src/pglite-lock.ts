import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per PGlite directory. PGlite is PostgreSQL compiled to WebAssembly, running inside the process
 * that opens it: a second process on the same directory runs a second PostgreSQL on the same files, each
 * blind to what the other writes (a user created by the command line stays unknown to the running server
 * until it restarts, and writes may be lost). So whoever opens the directory leaves a lock file there with
 * its pid; the next process is refused while that pid runs, and takes the lock over when it no longer does
 * (after a crash or a kill -9).
 */
export const lockFileName = 'pressroom.lock';

export interface LockHolder {
  pid: number;
  /** What the holder is, for the refusal's message: 'the server', 'the command line (create-user)'. */
  owner: string;
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${directory} is in use by ${holder.owner} (pid ${holder.pid}): PGlite lets only ` +
        'one process at a time open it, and a second one would work on a copy the first never sees. Either ' +
        `stop that process (Ctrl+C where it runs, or kill ${holder.pid}) and try again, or run everything on ` +
        'PostgreSQL, which serves several processes at once: set DATABASE_URL (see the README).',
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Lock files this process holds: its own pid in a lock it does not hold is a stale lock of an earlier run. */
const heldLocks = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (!Number.isSafeInteger(holder.pid) || (holder.pid as number) <= 0) return null;
    return {
      pid: holder.pid as number,
      owner: typeof holder.owner === 'string' ? holder.owner : 'a process',
    };
  } catch {
    // Vanished, unreadable or not ours: nobody can be shown to hold it.
    return null;
  }
}

function holdsLock(file: string, holder: LockHolder): boolean {
  if (!isRunning(holder.pid)) return false;
  return holder.pid !== process.pid || heldLocks.has(file);
}

/**
 * Takes the lock of a PGlite directory (which must exist) for this process, or throws DatabaseInUseError
 * naming the process that holds it. Returns the release, which the database's close() calls; the lock also
 * goes when the process exits normally, and is taken over once the process is gone.
 */
export function lockDirectory(directory: string, owner: string): () => void {
  const file = path.join(directory, lockFileName);
  const content = `${JSON.stringify({ pid: process.pid, owner } satisfies LockHolder)}\n`;
  // Written whole under a private name, then linked into place: link fails when the lock exists, so the lock
  // appears atomically with its content and a reader never sees it half-written.
  const draft = path.join(directory, `${lockFileName}.${process.pid}.${Date.now()}`);
  writeFileSync(draft, content);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 2) throw error;
      }
      const holder = readHolder(file);
      if (holder && holdsLock(file, holder)) throw new DatabaseInUseError(directory, holder);
      // Stale: its process is gone. (Two processes taking the same stale lock over at the same instant could
      // both succeed; starting two at once on a crashed directory is left to the user.)
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(draft, { force: true });
  }
  heldLocks.add(file);

  const release = () => {
    process.removeListener('exit', release);
    if (!heldLocks.delete(file)) return;
    // Only our own lock: never one that another process took over meanwhile.
    const holder = readHolder(file);
    if (holder?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
