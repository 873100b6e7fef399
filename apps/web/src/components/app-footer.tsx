import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths.ts';
import { useSiteGroup } from '../lib/site.ts';

export function AppFooter() {
  const { t } = useTranslation();
  const group = useSiteGroup();
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, md: 3 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        justifyContent: 'space-between',
        alignItems: 'center',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('app.copyright', { year: new Date().getFullYear(), site: group.data?.name ?? t('app.brand') })}
      </Typography>
      <Link component={RouterLink} to={paths.userPrivacy} variant="body2" data-testid="privacy-link">
        {t('app.privacy')}
      </Link>
    </Box>
  );
}
