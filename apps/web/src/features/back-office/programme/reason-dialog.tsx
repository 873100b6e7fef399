import TextField from '@mui/material/TextField';
import { programmeCancelSchema, programmeDeclineSchema, programmeLimits } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * Asks before declining (a reason required, mailed to the proposer) or cancelling (a reason optional, mailed
 * to everyone signed up); the contract's schema judges the reason.
 */
export function ReasonDialog({
  title,
  text,
  confirmLabel,
  required = false,
  testId,
  send,
  onClose,
  onDone,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  required?: boolean;
  testId: string;
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const confirm = async () => {
    const parsed = (required ? programmeDeclineSchema : programmeCancelSchema).safeParse({ reason });
    if (!parsed.success) {
      setReasonError(translateMessage(parsed.error.issues[0]?.message) ?? null);
      throw parsed.error;
    }
    try {
      await send(parsed.data.reason);
    } catch (error) {
      notify.error(apiErrorMessage(error));
      throw error;
    }
    await onDone();
  };
  return (
    <ConfirmDialog
      open
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      cancelLabel={t('programmeAdmin.back')}
      onConfirm={confirm}
      onClose={onClose}
      testId={testId}
    >
      <TextField
        label={
          required
            ? t('programmeAdmin.reasonLabel')
            : `${t('programmeAdmin.reasonLabel')} (${t('app.optional')})`
        }
        required={required}
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
        slotProps={{ htmlInput: { maxLength: programmeLimits.reason, 'data-testid': `${testId}-reason` } }}
      />
    </ConfirmDialog>
  );
}
