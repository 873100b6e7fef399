import TextField from '@mui/material/TextField';
import { type InterviewCancelInput, interviewCancelSchema } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * Asks before either side cancels a request, with an optional reason for the other side. The list is fetched
 * again whatever the outcome: a refusal means the request moved on meanwhile.
 */
export function CancelDialog({
  title,
  text,
  confirmLabel,
  done,
  cancel,
  refresh,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  /** The notice once cancelled. */
  done: string;
  cancel: (body: InterviewCancelInput) => Promise<unknown>;
  refresh: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const confirm = async () => {
    const parsed = interviewCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(translateMessage(parsed.error.issues[0]?.message) ?? null);
      throw parsed.error;
    }
    try {
      await cancel(parsed.data);
    } catch (error) {
      notify.error(apiErrorMessage(error));
      await refresh();
      throw error;
    }
    await refresh();
    notify.success(done);
  };
  return (
    <ConfirmDialog
      open
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      cancelLabel={t('interviews.keep')}
      onConfirm={confirm}
      onClose={onClose}
      testId="interview-cancel-dialog"
    >
      <TextField
        label={`${t('interviews.reason')} (${t('app.optional')})`}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(null);
        }}
        error={Boolean(reasonError)}
        helperText={reasonError}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'interview-cancel-reason' } }}
      />
    </ConfirmDialog>
  );
}
