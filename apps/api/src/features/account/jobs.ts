import type { FastifyPluginAsync } from 'fastify';
import { jobNames } from '../../plugins/jobs.ts';
import { purgeExpiredData } from './retention.ts';

/** The retention rule, applied by one server every RETENTION_PURGE_CRON (by default every night, UTC). */
export const accountJobs: FastifyPluginAsync = async (app) => {
  await app.jobs.schedule(jobNames.retentionPurge, app.config.retentionPurgeCron, () =>
    purgeExpiredData(app, app.config, app.clock.now()),
  );
};
