import type { FastifyPluginAsync } from 'fastify';
import { jobNames } from '../../plugins/jobs.ts';
import { processDueCampaigns } from './dispatch.ts';

/**
 * The campaigns' work, on whichever server takes it: `campaign-runs` is asked for in the transaction that
 * creates a campaign (at its sending time) and runs on ALERT_RUNS_CRON as well, for anything missed; each
 * campaign is still claimed in the database, so two servers never mail anyone twice.
 */
export const campaignJobs: FastifyPluginAsync = async (app) => {
  await app.jobs.schedule(jobNames.campaignRuns, app.config.alertRunsCron, async () => ({
    queued: await processDueCampaigns(app),
  }));
};
