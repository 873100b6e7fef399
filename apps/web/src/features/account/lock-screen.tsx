import { zodResolver } from '@hookform/resolvers/zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormPasswordField } from '../../components/form-fields.tsx';
import { AuthCard } from '../../components/page.tsx';
import { paths, withRedirect } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.ts';
import { safeRedirect } from '../../lib/text.ts';
import { NotPermittedError, signIn, signOut } from './session-actions.ts';

const unlockForm = z.object({ password: z.string().min(1, { error: 'passwordRequired' }) });
type UnlockForm = z.infer<typeof unlockForm>;

/** Asks an idle user for the password again before the token dies, then goes back where they were. */
export default function LockScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const { control, handleSubmit, formState } = useForm<UnlockForm>({
    resolver: zodResolver(unlockForm),
    defaultValues: { password: '' },
  });
  if (!user) return <Navigate to={withRedirect(paths.login, redirect)} replace />;

  const submit = handleSubmit(async ({ password }) => {
    try {
      await signIn(user.email, password);
      navigate(redirect ?? paths.home, { replace: true });
    } catch (error) {
      if (error instanceof NotPermittedError) notify.error(t('login.notPermitted'));
      else if (error instanceof ApiError && error.status === 400) notify.error(t('login.badCredentials'));
      else notify.error(error instanceof Error ? error.message : String(error));
    }
  });
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <AuthCard title={t('lock.title')} intro={t('lock.intro')}>
      <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'secondary.main' }} aria-hidden="true">
          {`${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase()}
        </Avatar>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {user.email}
        </Typography>
      </Stack>
      <Box component="form" onSubmit={submit} noValidate>
        {/* The e-mail is known; password managers still need it to fill the password. */}
        <input type="email" name="username" autoComplete="username" value={user.email} hidden readOnly />
        <Stack spacing={2.5}>
          <FormPasswordField
            control={control}
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
            required
            autoFocus
          />
          {formState.isSubmitting && <LinearProgress aria-label={t('login.signingIn')} />}
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('lock.unlock')}
          </Button>
          <Link component={RouterLink} to={withRedirect(paths.login, redirect)} onClick={() => signOut()}>
            {t('lock.notYou', { name })}
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
