import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { alertsApi } from './api/alerts-api.ts';

/** The mailed confirmation link: the subscription becomes active (following it twice changes nothing). */
export default function ConfirmScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirmation = useMutation({ mutationFn: () => alertsApi.confirm(token) });
  const { mutate } = confirmation;
  useEffect(() => mutate(), [mutate]);
  return (
    <Page title={t('alerts.title')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {confirmation.isPending || confirmation.isIdle ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} aria-hidden />
            <span>{t('alerts.confirming')}</span>
          </Stack>
        ) : confirmation.isError ? (
          <Alert severity="error">
            {confirmation.error instanceof ApiError
              ? (confirmation.error.generalMessage ?? t('alerts.loadError'))
              : t('errors.generic')}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="success" role="status" data-testid="alert-confirmed">
              {t('alerts.confirmed', { email: confirmation.data?.email ?? '' })}
            </Alert>
            <Button component={RouterLink} to={paths.alertsManage(token)}>
              {t('alerts.manageLink')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Page>
  );
}
