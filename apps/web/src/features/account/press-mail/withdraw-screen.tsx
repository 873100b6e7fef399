import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { pressMailApi } from './press-mail-api.ts';

/**
 * The page a campaign mail's visible link opens: one button withdraws from the press office's mail, without
 * signing in (a link scanner opening the page withdraws nothing), and the page confirms it. A test sent to
 * someone who never answered the question carries `test` for a token: the page says so and offers nothing.
 */
/** The token of a test's link (the server's `testLinkToken`). */
const testLinkToken = 'test';

export default function WithdrawScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const withdrawal = useMutation({ mutationFn: () => pressMailApi.withdraw(token) });
  return (
    <Page title={t('pressMail.withdrawTitle')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {token === testLinkToken ? (
          <Alert severity="info" role="status" data-testid="press-mail-test-link">
            {translateMessage('pressMailTestLink')}
          </Alert>
        ) : withdrawal.isSuccess ? (
          <Alert severity="success" role="status" data-testid="press-mail-withdrawn">
            {withdrawal.data.detail}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>{t('pressMail.withdrawText')}</Typography>
            {withdrawal.isError && <Alert severity="error">{apiErrorMessage(withdrawal.error)}</Alert>}
            <Button
              variant="contained"
              onClick={() => withdrawal.mutate()}
              disabled={withdrawal.isPending}
              data-testid="press-mail-withdraw"
            >
              {t('pressMail.withdrawAction')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Page>
  );
}
