import path from 'node:path';
import { type DatabaseHandle, DatabaseInUseError, openDatabase } from '@pressroom/db';
import { prepareDemoAtStart } from './features/demo-content/first-start.ts';
import { systemClock } from './lib/clock.ts';
import { ConfigError, loadConfig } from './plugins/config.ts';
import { serve } from './serve.ts';

// Only listens: everything the server is made of is assembled in app.ts, and serve.ts answers 503 while the
// database is migrated. With --demo (as `npm start` runs it) it first seeds the demo on a first start and
// prints the demo administrator's login (features/demo-content/first-start.ts).
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      statementTimeoutMs: config.statementTimeoutMs,
      pgliteDirectory: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
      owner: 'the server',
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(75); // EX_TEMPFAIL: try again once the other process is gone
    }
    throw error;
  }
  const demo = process.argv.slice(2).includes('--demo');
  const serving = await serve({
    config,
    database,
    beforeTraffic: demo
      ? (app) => prepareDemoAtStart(app, systemClock.now(), (line) => console.log(`[demo] ${line}`))
      : undefined,
  });

  // SIGTERM (the orchestrator) or SIGINT (Ctrl+C): /readyz turns 503, requests and running jobs finish, the
  // database closes. A second signal, or SHUTDOWN_DELAY + SHUTDOWN_TIMEOUT passing, ends the process at once.
  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) {
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    signalled = true;
    const limit = config.shutdownDelay + config.shutdownTimeout;
    console.log(`${signal}: shutting down (at most ${limit} s)`);
    setTimeout(() => {
      console.error(`still shutting down after ${limit} s: exiting`);
      process.exit(1);
    }, limit * 1000).unref();
    serving.shutdown().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await serving.ready;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
