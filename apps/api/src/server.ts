import path from 'node:path';
import { type DatabaseHandle, DatabaseInUseError, openDatabase } from '@pressroom/db';
import { buildApp } from './app.ts';
import { prepareDemoAtStart } from './features/demo-content/first-start.ts';
import { systemClock } from './lib/clock.ts';
import { ConfigError, loadConfig } from './plugins/config.ts';

// Only listens: everything the server is made of is assembled in app.ts. With --demo (as `npm start` runs
// it) it first seeds the demo on a first start and prints the demo administrator's login
// (features/demo-content/first-start.ts).
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
  await database.migrate();
  const app = await buildApp({ config, database });
  if (process.argv.slice(2).includes('--demo')) {
    await app.ready();
    await prepareDemoAtStart(app, systemClock.now(), (line) => console.log(`[demo] ${line}`));
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
