import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AuthCard } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { accountApi, parseSignedLink } from './api/account-api.ts';
import { NewLinkOffer } from './components/new-link.tsx';

/** Follows the mailed verification link once on arrival; an expired or bad link offers a new one. */
export default function VerifyAccountScreen() {
  const { t } = useTranslation();
  const { link } = useParams();
  const signedLink = parseSignedLink(link);
  const verify = useMutation({ mutationFn: accountApi.verifyRegistration });
  const { mutate } = verify;
  // Once per link (the path segment holds the signed fields).
  useEffect(() => {
    const fields = parseSignedLink(link);
    if (fields) mutate(fields);
  }, [link, mutate]);

  return (
    <AuthCard title={t('verify.title')}>
      {!signedLink || verify.isError ? (
        <NewLinkOffer
          message={verify.error instanceof ApiError ? verify.error.generalMessage : null}
          send={accountApi.resendActivationEmail}
        />
      ) : verify.isSuccess ? (
        <Stack spacing={3}>
          <Alert severity="success" role="status">
            {verify.data.detail}
          </Alert>
          <Button component={RouterLink} to={paths.login} variant="contained">
            {t('verify.goToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('verify.verifying')}</Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
