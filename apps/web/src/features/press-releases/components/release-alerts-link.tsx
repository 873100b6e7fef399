import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReleaseCompany } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Under a release: the way to hear of the next ones by e-mail, the alerts' subscribe screen, following the
 * release's company when it has one (the screen takes `?company=` as its first choice).
 */
export function ReleaseAlertsLink({
  company,
  subscribePath,
}: {
  company: ReleaseCompany | null;
  subscribePath: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 3, maxWidth: 880 }} data-no-print>
      <Button
        component={RouterLink}
        to={company ? `${subscribePath}?company=${company.id}` : subscribePath}
        variant="outlined"
        startIcon={<MarkEmailReadOutlined />}
        sx={{ textAlign: 'start' }}
        data-testid="release-subscribe"
      >
        {company
          ? t('pressReleases.alertsOfCompany', { company: company.name })
          : t('pressReleases.alertsOfSite')}
      </Button>
    </Box>
  );
}
