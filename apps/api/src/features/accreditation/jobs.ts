import type { FastifyPluginAsync } from 'fastify';
import { jobNames } from '../../plugins/jobs.ts';
import { purgeExpiredProofs } from './service.ts';

/**
 * The proofs' retention, with the accounts' (RETENTION_PURGE_CRON). Nothing else runs at an edition's end: an
 * accreditation's expiry is its edition's last day, read at every check (decision 10).
 */
export const accreditationJobs: FastifyPluginAsync = async (app) => {
  await app.jobs.schedule(jobNames.accreditationProofPurge, app.config.retentionPurgeCron, () =>
    purgeExpiredProofs(app, app.clock.now()),
  );
};
