import type { FastifyPluginAsync } from 'fastify';
import { jobNames } from '../../plugins/jobs.ts';
import { sendReminders } from './reminders.ts';

/** Every five minutes, the reminders of events starting within PROGRAMME_REMINDER_MINUTES, once each. */
export const programmeJobs: FastifyPluginAsync = async (app) => {
  await app.jobs.schedule(jobNames.programmeReminders, '*/5 * * * *', async () => ({
    reminded: await sendReminders(app, app.config.programmeReminderMinutes),
  }));
};
