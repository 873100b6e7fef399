import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { passwordSchema } from '@pressroom/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';
import { accountApi, parseSignedLink } from './api/account-api.ts';
import { NewLinkOffer } from './components/new-link.tsx';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { applyServerErrors } from './components/server-errors.ts';

const resetForm = z
  .object({
    password: passwordSchema,
    password_confirm: z.string().min(1, { error: 'passwordRequired' }),
  })
  .refine((values) => values.password === values.password_confirm, {
    path: ['password_confirm'],
    message: 'passwordsDontMatch',
  });
type ResetForm = z.infer<typeof resetForm>;

export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { link } = useParams();
  const signedLink = parseSignedLink(link);
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null | undefined>(signedLink ? undefined : null);
  const { control, handleSubmit, setError, formState } = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    mode: 'onTouched',
    defaultValues: { password: '', password_confirm: '' },
  });

  const submit = handleSubmit(async (values) => {
    if (!signedLink) return;
    try {
      const answer = await accountApi.resetPassword({ ...signedLink, ...values });
      setDone(answer.detail);
    } catch (error) {
      // A refused link (expired, already used, tampered) has no field of the form: offer a new one.
      if (error instanceof ApiError && error.status === 400 && !error.fieldErrors.password) {
        setLinkError(error.generalMessage ?? Object.values(error.fieldErrors)[0] ?? null);
        return;
      }
      const message = applyServerErrors(error, setError, ['password', 'password_confirm']);
      if (message) notify.error(message);
    }
  });

  return (
    <AuthCard title={t('reset.title')}>
      {linkError !== undefined ? (
        <NewLinkOffer message={linkError} send={accountApi.sendResetPasswordLink} />
      ) : done ? (
        <Stack spacing={3}>
          <Alert severity="success" role="status">
            {done}
          </Alert>
          <Button component={RouterLink} to={paths.login} variant="contained">
            {t('verify.goToLogin')}
          </Button>
        </Stack>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2.5}>
            <NewPasswordFields
              control={control}
              passwordLabel={t('reset.password')}
              confirmLabel={t('reset.passwordConfirm')}
              rulesId="reset-password-rules"
            />
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
