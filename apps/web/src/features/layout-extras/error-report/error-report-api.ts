import { apiPaths, type ErrorReportRequest } from '@pressroom/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'failed' };

/** Sends a warning-level report to the server (signed in or not); answers what the dialog must show. */
export async function sendErrorReport(report: Omit<ErrorReportRequest, 'level'>): Promise<SendOutcome> {
  try {
    await apiRequest(apiPaths.errorReports, { method: 'POST', body: { ...report, level: 'warning' } });
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return { kind: 'invalid', fields: error.fieldErrors };
    return { kind: 'failed' };
  }
}
