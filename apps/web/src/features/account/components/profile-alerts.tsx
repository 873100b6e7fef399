import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Profile } from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isLanguage } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSiteInfo } from '../../../lib/site.ts';
import { ownAlertsQuery, subscribeOwnAddress } from '../api/own-alerts.ts';

/** A name or address inside a sentence of either direction (Unicode isolates, as <bdi> would). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * E-mail alerts on the profile: a signed-in user subscribes their own address, in their language, to the
 * site's releases in one click (the address is verified, so it is active at once), then sees that they are
 * subscribed with a link to their preferences page. The full form (companies, brands, daily digest) is a link.
 */
export function ProfileAlerts({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const own = useQuery(ownAlertsQuery(profile.id));
  const language = isLanguage(profile.language) ? profile.language : 'en';
  const subscribe = useMutation({
    mutationFn: () => subscribeOwnAddress({ email: profile.email, languages: [language], consent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownAlertsQuery(profile.id).queryKey }),
    onError: (error) => notify.error(error instanceof ApiError ? error.message : t('errors.generic')),
  });
  const subscription = own.data?.subscription;
  const active = subscription?.status === 'active' ? subscription : null;
  const siteName = site.data?.name ?? '';
  return (
    <Paper
      component="section"
      aria-labelledby="profile-alerts"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="profile-alerts" variant="h2" sx={{ mb: 1 }}>
        {t('profile.alerts')}
      </Typography>
      {own.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : active ? (
        <Alert
          severity="success"
          role="status"
          icon={<MarkEmailReadOutlined fontSize="inherit" />}
          data-testid="profile-alerts-subscribed"
        >
          {t('profile.alertsSubscribed', { site: isolated(siteName), email: isolated(active.email) })}{' '}
          <Link
            component={RouterLink}
            to={paths.alertsManage(active.manage_token)}
            sx={{ fontWeight: 600 }}
            data-testid="profile-alerts-manage"
          >
            {t('profile.alertsManage')}
          </Link>
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {t('profile.alertsOneClick', {
              site: isolated(siteName),
              email: isolated(profile.email),
              language: new Intl.DisplayNames([i18n.language], { type: 'language' }).of(language) ?? language,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('profile.alertsConsent')}
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Button
              variant="contained"
              startIcon={<MarkEmailReadOutlined />}
              onClick={() => subscribe.mutate()}
              disabled={subscribe.isPending}
              data-testid="profile-alerts-subscribe"
            >
              {t('profile.alertsSubscribe')}
            </Button>
            <Box>
              <Link component={RouterLink} to={paths.alertsSubscribe} data-testid="profile-alerts">
                {t('profile.alertsChoose')}
              </Link>
            </Box>
          </Stack>
        </>
      )}
    </Paper>
  );
}
