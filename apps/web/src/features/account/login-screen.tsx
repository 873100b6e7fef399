import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { emailSchema } from '@pressroom/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormPasswordField, FormTextField } from '../../components/form-fields.tsx';
import { AuthCard } from '../../components/page.tsx';
import { paths, withRedirect } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';
import { safeRedirect } from '../../lib/text.ts';
import { ResendLinkButton } from './components/resend-link.tsx';
import { landingPath, NotPermittedError, signIn } from './session-actions.ts';

/** The specification's delay between the success message and the redirect. */
export const loginRedirectDelay = 1500;

const loginForm = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'passwordRequired' }),
});
type LoginForm = z.infer<typeof loginForm>;

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const [state, setState] = useState<'idle' | 'signingIn' | 'done'>('idle');
  // What the server said once the password was right: an address to verify, or an accreditation under review.
  const [standing, setStanding] = useState<{ message: string; unverifiedEmail?: string } | null>(null);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const { control, handleSubmit } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    setState('signingIn');
    setStanding(null);
    try {
      const user = await signIn(email, password);
      setState('done');
      notify.success(t('login.success'));
      timer.current = window.setTimeout(() => navigate(redirect ?? landingPath(user)), loginRedirectDelay);
    } catch (error) {
      setState('idle');
      const code = error instanceof ApiError ? error.body.code : undefined;
      if (code === 'email_not_verified' || code === 'accreditation_pending') {
        setStanding({
          message: (error as ApiError).generalMessage ?? '',
          unverifiedEmail: code === 'email_not_verified' ? email : undefined,
        });
      } else if (error instanceof NotPermittedError || code === 'not_permitted') {
        notify.error(t('login.notPermitted'));
      } else if (error instanceof ApiError && error.status === 400) notify.error(t('login.badCredentials'));
      else notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          {standing && (
            <Stack spacing={1.5} data-testid="sign-in-standing">
              <Alert severity={standing.unverifiedEmail ? 'warning' : 'info'}>{standing.message}</Alert>
              {standing.unverifiedEmail && <ResendLinkButton email={standing.unverifiedEmail} />}
            </Stack>
          )}
          <FormTextField
            control={control}
            name="email"
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
          />
          <FormPasswordField
            control={control}
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
            required
          />
          {state === 'signingIn' && <LinearProgress aria-label={t('login.signingIn')} />}
          <Button type="submit" variant="contained" size="large" disabled={state !== 'idle'}>
            {state === 'signingIn' ? t('login.signingIn') : t('login.submit')}
          </Button>
          <Stack spacing={1}>
            <Link component={RouterLink} to={paths.forgotPassword}>
              {t('login.forgot')}
            </Link>
            <Link component={RouterLink} to={withRedirect(paths.signUp, redirect)}>
              {t('login.noAccount')}
            </Link>
          </Stack>
        </Stack>
      </Box>
    </AuthCard>
  );
}
