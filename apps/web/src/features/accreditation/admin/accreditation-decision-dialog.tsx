import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';

/** The reason of a rejection or the question asked, mailed to the journalists of the chosen requests. */
export function MessageDialog({
  decision,
  count,
  busy,
  onClose,
  onSend,
}: {
  decision: 'reject' | 'ask';
  count: number;
  busy: boolean;
  onClose: () => void;
  onSend: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(translateMessage('accreditationMessageRequired') ?? null);
      return;
    }
    onSend(message.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="decision-dialog-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="decision-dialog-title">
          {t(decision === 'reject' ? 'accreditation.rejectTitle' : 'accreditation.askTitle', { count })}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={t(decision === 'reject' ? 'accreditation.reasonLabel' : 'accreditation.questionLabel')}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'decision-message' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('accreditation.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={decision === 'reject' ? 'error' : 'primary'}
            disabled={busy}
            data-testid="decision-send"
          >
            {t(decision === 'reject' ? 'accreditation.reject' : 'accreditation.askMore')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
