import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeldError, heldError } from '../../../lib/held-error.ts';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session.ts';
import { sendErrorReport } from './error-report-api.ts';

interface Fields {
  name: string;
  email: string;
  comments: string;
}

/**
 * The crash-report dialog: asks before sending. Name and e-mail come from the signed-in user and can be
 * changed; confirming sends a warning-level report and clears the held message.
 */
export default function ErrorReportDialog({ held, onClose }: { held: HeldError; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const user = session.get().user;
  const [fields, setFields] = useState<Fields>({
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    email: user?.email ?? '',
    comments: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const change = (name: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    const outcome = await sendErrorReport({
      message: held.message.slice(0, 2000),
      stack: held.stack,
      url: window.location.href.slice(0, 2000),
      user_agent: navigator.userAgent.slice(0, 500),
      ...fields,
    });
    setSending(false);
    if (outcome.kind === 'sent') {
      notify.success(t('layoutExtras.errorReport.thanks'));
      heldError.clear();
      onClose();
    } else if (outcome.kind === 'invalid') {
      setFieldErrors(outcome.fields);
      setProblem(t('layoutExtras.errorReport.invalid'));
    } else {
      setFieldErrors({});
      setProblem(t('layoutExtras.errorReport.unknown'));
    }
  };

  const discard = () => {
    heldError.clear();
    onClose();
  };

  const fieldProps = (name: keyof Fields) => ({
    name,
    value: fields[name],
    onChange: change(name),
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
    fullWidth: true,
    margin: 'dense' as const,
  });

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="sm"
      data-testid="error-report-dialog"
    >
      <DialogTitle id={titleId}>{t('layoutExtras.errorReport.title')}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Typography id={introId} sx={{ mb: 2 }}>
            {t('layoutExtras.errorReport.intro')}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('layoutExtras.errorReport.errorLabel')}
          </Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              bgcolor: 'action.hover',
              p: 1,
              borderRadius: 1,
              mt: 0.5,
              mb: 1,
              fontFamily: 'monospace',
            }}
            data-testid="held-error-message"
          >
            {held.message}
          </Typography>
          {problem && (
            <Alert severity="error" role="alert" sx={{ my: 1 }} data-testid="error-report-problem">
              {problem}
            </Alert>
          )}
          <TextField label={t('layoutExtras.errorReport.name')} autoComplete="name" {...fieldProps('name')} />
          <TextField
            label={t('layoutExtras.errorReport.email')}
            type="email"
            autoComplete="email"
            {...fieldProps('email')}
          />
          <TextField
            label={t('layoutExtras.errorReport.comments')}
            multiline
            minRows={3}
            autoFocus
            {...fieldProps('comments')}
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={sending}>
            {t('layoutExtras.errorReport.cancel')}
          </Button>
          <Button onClick={discard} disabled={sending} data-testid="error-report-dismiss">
            {t('layoutExtras.errorReport.dismiss')}
          </Button>
          <Button type="submit" variant="contained" disabled={sending} data-testid="error-report-send">
            {sending ? t('layoutExtras.errorReport.sending') : t('layoutExtras.errorReport.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
