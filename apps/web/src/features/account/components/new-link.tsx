import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmailRequestForm } from './email-request-form.tsx';

/** A mailed link that failed (expired, used, tampered): say so and offer a new one. */
export function NewLinkOffer({
  message,
  send,
}: {
  message: string | null;
  send: (email: string) => Promise<{ detail: string }>;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{message ?? t('link.invalid')}</Alert>
      <Typography variant="h2">{t('link.newLinkTitle')}</Typography>
      <Typography color="text.secondary">{t('link.newLinkIntro')}</Typography>
      <EmailRequestForm submitLabel={t('link.send')} send={send} />
    </Stack>
  );
}
