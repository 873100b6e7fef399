/**
 * A throwaway PostgreSQL 15 cluster on loopback, for browser journeys on PostgreSQL and for the benchmark.
 *
 *   const pg = await startPostgres();   // initdb + pg_ctl start in a temp dir, 127.0.0.1:<free port>
 *   pg.url                              // postgres://postgres@127.0.0.1:<port>/postgres (trust auth)
 *   await pg.stop();                    // pg_ctl stop (fast) and the directory removed
 *
 * Binaries come from /usr/lib/postgresql/15/bin (Debian's postgresql-15; POSTGRES_BIN overrides). Running as
 * root, the cluster is created and run as the `postgres` user through `runuser -u postgres --` in a temp
 * directory owned by it (PostgreSQL refuses to run as root); as any other user it runs as that user.
 * Durability is off (fsync, synchronous_commit, full_page_writes): the data is thrown away anyway.
 * A missing binary is an error with the package to install, never a silent skip.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './net.ts';

const run = promisify(execFile);

const postgresBinDir = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** Connection string of the `postgres` database as the `postgres` superuser (no password). */
  url: string;
  port: number;
  directory: string;
  stop(): Promise<void>;
}

interface PostgresUser {
  uid: number;
  gid: number;
}

async function postgresUser(): Promise<PostgresUser | null> {
  if (process.getuid?.() !== 0) return null;
  const { stdout: uid } = await run('id', ['-u', 'postgres']).catch(() => {
    throw new Error('running as root needs a "postgres" system user (apt-get install -y postgresql-15)');
  });
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

function command(user: PostgresUser | null, binary: string, args: string[]) {
  const executable = path.join(postgresBinDir, binary);
  return user ? run('runuser', ['-u', 'postgres', '--', executable, ...args]) : run(executable, args);
}

export async function startPostgres(): Promise<PostgresCluster> {
  for (const binary of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(postgresBinDir, binary))) {
      throw new Error(
        `PostgreSQL 15 is not installed: ${path.join(postgresBinDir, binary)} is missing ` +
          '(Debian: apt-get install -y postgresql-15; or set POSTGRES_BIN to a bin directory).',
      );
    }
  }
  const user = await postgresUser();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pressroom-pg-'));
  if (user) await chown(directory, user.uid, user.gid);
  await chmod(directory, 0o700);
  const dataDir = path.join(directory, 'data');
  const logFile = path.join(directory, 'server.log');
  const port = await freePort();

  try {
    await command(user, 'initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${directory}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    await command(user, 'pg_ctl', [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-o',
      serverOptions,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await rm(directory, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL: ${(error as Error).message}\n${log}`);
  }

  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    directory,
    async stop() {
      if (stopped) return;
      stopped = true;
      await command(user, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
