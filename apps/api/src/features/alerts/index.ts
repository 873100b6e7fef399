// What other features may use of e-mail alerts: scheduling a release's alerts when it is first published,
// and following a change of its embargo.

export {
  type AlertJobs,
  cancelReleaseAlerts,
  rescheduleReleaseAlerts,
  scheduleReleaseAlerts,
} from './dispatch.ts';
