import type { FastifyPluginAsync } from 'fastify';
import { jobNames } from '../../plugins/jobs.ts';
import { anonymiseEnded } from './service.ts';

/** The requests' retention, with the accounts' (RETENTION_PURGE_CRON): six months after their edition. */
export const interviewJobs: FastifyPluginAsync = async (app) => {
  await app.jobs.schedule(jobNames.interviewAnonymise, app.config.retentionPurgeCron, () =>
    anonymiseEnded(app, app.clock.now()),
  );
};
