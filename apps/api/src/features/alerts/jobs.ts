import type { FastifyPluginAsync } from 'fastify';
import { jobNames } from '../../plugins/jobs.ts';
import { processDigest, processDueAlerts } from './dispatch.ts';

/**
 * The alerts' work, on whichever server takes each run. `alert-runs` is asked for in the transaction that
 * schedules a release's alerts (at once, or at the embargo's end) and runs on ALERT_RUNS_CRON as well, for
 * anything scheduled without it (the command line's demo) or missed; each run is still claimed in the
 * database, so two jobs never mail anyone twice. `alert-digest` looks every hour and sends the day's digest
 * once, from ALERT_DIGEST_HOUR (a server down at that hour sends it at the next).
 */
export const alertJobs: FastifyPluginAsync = async (app) => {
  await app.jobs.schedule(jobNames.alertRuns, app.config.alertRunsCron, async () => ({
    queued: await processDueAlerts(app),
  }));
  await app.jobs.schedule(jobNames.alertDigest, '0 * * * *', async () => ({
    queued: await processDigest(app),
  }));
};
