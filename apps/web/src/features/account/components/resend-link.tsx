import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { accountApi } from '../api/account-api.ts';

/** "Send the link again" for an address not verified yet: the server's answer says what happened. */
export function ResendLinkButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: () => accountApi.resendActivationEmail(email) });
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
        data-testid="resend-link"
      >
        {t('login.resendLink')}
      </Button>
      {resend.isSuccess && (
        <Alert severity="success" role="status">
          {resend.data.detail}
        </Alert>
      )}
      {resend.isError && (
        <Alert severity="error">
          {resend.error instanceof ApiError ? resend.error.generalMessage : t('errors.generic')}
        </Alert>
      )}
    </Stack>
  );
}
