import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { languageNames } from '../../../lib/i18n/languages.ts';
import { useSession } from '../../../lib/session.ts';
import { alertStatsQuery } from '../api/alerts-api.ts';

/**
 * The press office's view of e-mail alerts: how many subscribers each site has (by language), and for the
 * latest releases how many alerts were queued, sent and are still failing. No subscriber is listed.
 */
export default function AlertsAdminScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const allowed = user?.permissions.includes('press_release.manage_all') ?? false;
  const stats = useQuery({ ...alertStatsQuery(), enabled: allowed });
  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  if (!allowed) {
    return (
      <Page title={t('alerts.adminTitle')}>
        <Alert severity="warning">{t('alerts.notAllowed')}</Alert>
      </Page>
    );
  }
  return (
    <Page title={t('alerts.adminTitle')}>
      {stats.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : stats.isError ? (
        <Alert severity="error">{t('errors.generic')}</Alert>
      ) : (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('alerts.adminSites')}
          </Typography>
          <TableContainer component={Paper} variant="outlined" sx={{ mb: 4 }}>
            <Table size="small" data-testid="alert-sites">
              <TableHead>
                <TableRow>
                  <TableCell>{t('alerts.site')}</TableCell>
                  <TableCell align="right">{t('alerts.activeCount')}</TableCell>
                  <TableCell align="right">{t('alerts.pendingCount')}</TableCell>
                  <TableCell align="right">{t('alerts.dailyCount')}</TableCell>
                  <TableCell>{t('alerts.byLanguage')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {stats.data.sites.map((site) => (
                  <TableRow key={site.site}>
                    <TableCell>{site.name}</TableCell>
                    <TableCell align="right">{number.format(site.active)}</TableCell>
                    <TableCell align="right">{number.format(site.pending)}</TableCell>
                    <TableCell align="right">{number.format(site.daily)}</TableCell>
                    <TableCell>
                      {site.by_language
                        .map(
                          (entry) =>
                            `${languageNames[entry.language as keyof typeof languageNames] ?? entry.language}: ${number.format(entry.count)}`,
                        )
                        .join(' · ')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('alerts.adminReleases')}
          </Typography>
          {stats.data.releases.length === 0 ? (
            <Typography color="text.secondary">{t('alerts.noAlerts')}</Typography>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" data-testid="alert-releases">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('alerts.release')}</TableCell>
                    <TableCell>{t('alerts.date')}</TableCell>
                    <TableCell align="right">{t('alerts.queued')}</TableCell>
                    <TableCell align="right">{t('alerts.sent')}</TableCell>
                    <TableCell align="right">{t('alerts.failed')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {stats.data.releases.map((release) => (
                    <TableRow key={release.id}>
                      <TableCell>
                        <RouterLink to={paths.pressReleaseEdit(release.id)}>{release.title}</RouterLink>
                      </TableCell>
                      <TableCell>{date.format(new Date(`${release.publication_date}T00:00:00Z`))}</TableCell>
                      <TableCell align="right">{number.format(release.queued)}</TableCell>
                      <TableCell align="right">{number.format(release.sent)}</TableCell>
                      <TableCell align="right">{number.format(release.failed)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
    </Page>
  );
}
