import { ApiError } from './api-client.ts';
import { i18n } from './i18n/index.ts';

/**
 * What to tell the user about a failed call: the server's translated message (detail, a non-field error or
 * the first field error), the network message when the server could not be reached, else the fallback.
 */
export function apiErrorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n.t('errors.network');
    const message = error.generalMessage ?? Object.values(error.fieldErrors)[0];
    if (message) return message;
  }
  return fallback ?? i18n.t('errors.generic');
}
