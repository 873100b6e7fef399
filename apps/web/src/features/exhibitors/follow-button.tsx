import Notifications from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNone from '@mui/icons-material/NotificationsNoneOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths, withRedirect } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.ts';
import { carryOut, fetchMySubscription } from './api.ts';
import { type FollowPlan, planFollow, planUnfollow } from './follow-plan.ts';

/**
 * Follows the exhibitor's company in the reader's e-mail alerts of the site (a toggle). A reader signed out is
 * offered the sign-in; a first subscription asks for consent first.
 */
export function FollowButton({
  company,
  following,
}: {
  company: { id: number; name: string };
  following: boolean | null;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<FollowPlan | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const titleId = useId();

  if (!user || following === null) {
    return (
      <Button
        component={RouterLink}
        to={withRedirect(paths.login, `${location.pathname}${location.search}`)}
        variant="outlined"
        startIcon={<NotificationsNone />}
        data-testid="exhibitor-follow-sign-in"
      >
        {t('exhibitors.signInToFollow')}
      </Button>
    );
  }

  const apply = async (plan: FollowPlan, agreed: boolean) => {
    setBusy(true);
    try {
      await carryOut(plan, agreed);
      if (plan.kind === 'coveredByAll') notify.success(t('exhibitors.coveredByAll'));
      else if (following) notify.success(t('exhibitors.unfollowed', { name: company.name }));
      else notify.success(t('exhibitors.followed', { name: company.name }));
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: ['public-exhibitor'] });
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const toggle = async () => {
    setBusy(true);
    let plan: FollowPlan | null;
    try {
      const subscription = await fetchMySubscription();
      plan = following
        ? planUnfollow(subscription, company.id)
        : planFollow(subscription, company.id, { email: user.email, language: i18n.language });
    } catch (error) {
      notify.error(apiErrorMessage(error));
      setBusy(false);
      return;
    }
    setBusy(false);
    if (!plan) return;
    if (plan.kind === 'subscribe') {
      setConsent(false);
      setConsentMissing(false);
      setAsking(plan);
      return;
    }
    await apply(plan, false);
  };

  return (
    <>
      <Button
        variant={following ? 'contained' : 'outlined'}
        aria-pressed={following}
        aria-label={t('exhibitors.followName', { name: company.name })}
        startIcon={following ? <Notifications /> : <NotificationsNone />}
        onClick={toggle}
        disabled={busy}
        data-testid="exhibitor-follow"
      >
        {following ? t('exhibitors.following') : t('exhibitors.follow')}
      </Button>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('exhibitors.followTitle', { name: company.name })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {t('exhibitors.followText', { email: user.email, name: company.name })}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                slotProps={{
                  input: {
                    'data-testid': 'exhibitor-follow-consent',
                    'aria-invalid': consentMissing,
                    'aria-describedby': consentMissing ? `${titleId}-consent` : undefined,
                  } as object,
                }}
              />
            }
            label={t('exhibitors.consent')}
          />
          <Link component={RouterLink} to={paths.userPrivacy} sx={{ display: 'inline-block', ms: 4 }}>
            {t('exhibitors.privacyLink')}
          </Link>
          {consentMissing && (
            <FormHelperText error id={`${titleId}-consent`}>
              {t('exhibitors.consentRequired')}
            </FormHelperText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('exhibitors.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              if (!consent) {
                setConsentMissing(true);
                return;
              }
              if (asking) void apply(asking, true);
            }}
            data-testid="exhibitor-follow-confirm"
          >
            {t('exhibitors.confirmFollow')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
