import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { signOut } from './session-actions.ts';

/** The Logout route: logs out, then goes Home. */
export default function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    signOut();
    navigate(paths.home, { replace: true });
  }, [navigate]);
  return (
    <AuthCard title={t('logout.title')}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{t('logout.inProgress')}</Typography>
      </Stack>
    </AuthCard>
  );
}
