import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths.ts';
import { Page } from './page.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('app.notFoundTitle')}>
      <Typography sx={{ mb: 3 }}>{t('app.notFoundText')}</Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        {t('app.backHome')}
      </Button>
    </Page>
  );
}
