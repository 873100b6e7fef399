import type { FastifyPluginAsync } from 'fastify';
import { jobNames } from '../../plugins/jobs.ts';
import { removeUnfinishedUploads } from './service.ts';

/** Every hour, the video uploads begun more than a day ago and never completed go, with their parts. */
export const videoJobs: FastifyPluginAsync = async (app) => {
  await app.jobs.schedule(jobNames.videoUploadCleanup, '41 * * * *', () => removeUnfinishedUploads(app));
};
