import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The server's refusal of a check-in outside the event's day (409, `not_event_day`): its message, which names
 * the event's day in the reader's language, for the door to confirm; null for any other failure.
 */
export function outsideTheDay(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body.code !== 'not_event_day')
    return null;
  return error.generalMessage;
}

/**
 * Asks the door to confirm a check-in refused outside the event's day; "do not check in" has the focus, so a
 * badge of the wrong event or day is not let in by a hurried Enter.
 */
export function OutsideDayDialog({
  question,
  onConfirm,
  onClose,
}: {
  question: string | null;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={question !== null}
      title={t('programmeAdmin.attendance.outsideDayTitle')}
      text={question ?? ''}
      confirmLabel={t('programmeAdmin.attendance.checkInAnyway')}
      cancelLabel={t('programmeAdmin.attendance.doNotCheckIn')}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="attendance-outside-day"
    />
  );
}
