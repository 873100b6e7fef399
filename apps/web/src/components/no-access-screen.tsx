import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths.ts';
import { Page } from './page.tsx';

/** In place of a screen the signed-in user may not use (an address typed or kept from another account). */
export function NoAccessScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('app.noAccessTitle')}>
      <Typography sx={{ mb: 3 }}>{t('app.noAccessText')}</Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        {t('app.backHome')}
      </Button>
    </Page>
  );
}
