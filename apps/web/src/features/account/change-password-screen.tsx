import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { changePasswordRequest } from '@pressroom/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { z } from 'zod';
import { FormPasswordField } from '../../components/form-fields.tsx';
import { Page } from '../../components/page.tsx';
import { paths, withRedirect } from '../../config/paths.ts';
import { notify } from '../../lib/notifications.ts';
import { session, useSession } from '../../lib/session.ts';
import { accountApi } from './api/account-api.ts';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { applyServerErrors } from './components/server-errors.ts';

type ChangePasswordForm = z.infer<typeof changePasswordRequest>;

export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const { control, handleSubmit, setError, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordRequest),
    mode: 'onTouched',
    defaultValues: { old_password: '', password: '', password_confirm: '' },
  });

  // The route has no auth flag (specification section 2); without a user there is nothing to change.
  if (!user) {
    return (
      <Page title={t('changePassword.title')}>
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={withRedirect(paths.login, location.pathname)} color="inherit">
              {t('user.login')}
            </Button>
          }
        >
          {t('changePassword.signInFirst')}
        </Alert>
      </Page>
    );
  }

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await accountApi.changePassword(values);
      // Every earlier token is refused from now on: keep the fresh one.
      session.replaceToken(answer.token);
      reset();
      notify.success(answer.detail);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['old_password', 'password', 'password_confirm']);
      if (message) notify.error(message);
    }
  });

  return (
    <Page title={t('changePassword.title')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520 }}>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2.5}>
            <input type="email" name="username" autoComplete="username" value={user.email} hidden readOnly />
            <FormPasswordField
              control={control}
              name="old_password"
              label={t('changePassword.oldPassword')}
              autoComplete="current-password"
              required
            />
            <NewPasswordFields
              control={control}
              passwordLabel={t('changePassword.password')}
              confirmLabel={t('changePassword.passwordConfirm')}
              rulesId="change-password-rules"
            />
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              {t('changePassword.submit')}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Page>
  );
}
