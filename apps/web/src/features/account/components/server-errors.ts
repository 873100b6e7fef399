import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n/index.ts';

/**
 * Puts the server's field messages (already translated by Accept-Language) on the form's fields and answers
 * the message that belongs to none, for a notification.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.generic');
  if (error.status === 0) return i18n.t('errors.network');
  const leftOver: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) setError(field as Path<Values>, { type: 'server', message });
    else leftOver.push(message);
  }
  return error.generalMessage ?? leftOver[0] ?? (Object.keys(error.fieldErrors).length ? '' : error.message);
}
