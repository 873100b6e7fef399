import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { accountApi } from './api/account-api.ts';
import { EmailRequestForm } from './components/email-request-form.tsx';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <Stack spacing={3}>
        <EmailRequestForm submitLabel={t('forgot.submit')} send={accountApi.sendResetPasswordLink} />
        <Link component={RouterLink} to={paths.login}>
          {t('forgot.backToLogin')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
