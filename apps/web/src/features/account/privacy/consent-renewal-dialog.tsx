import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { privacyNoticeVersion } from '@pressroom/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session.ts';
import { privacyApi } from './privacy-api.ts';

/**
 * Asks a signed-in user to accept the privacy notice again after it changed. Accepting records the consent
 * and stores the user the server answers (consent no longer required); declining logs out. The notice is one
 * link away: the dialog steps aside on the privacy page and comes back when the user leaves it.
 */
export default function ConsentRenewalDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: privacyApi.acceptNotice,
    onSuccess: ({ detail, user }) => {
      session.updateUser(user);
      notify.success(detail);
    },
    onError: (error) => {
      notify.error(
        error instanceof ApiError && error.status === 0
          ? t('errors.network')
          : (error instanceof ApiError && (error.generalMessage ?? error.message)) || t('errors.generic'),
      );
    },
  });

  return (
    <Dialog
      open
      aria-labelledby="consent-renewal-title"
      aria-describedby="consent-renewal-text"
      maxWidth="sm"
      fullWidth
      data-testid="consent-renewal-dialog"
    >
      <DialogTitle id="consent-renewal-title">{t('consentRenewal.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="consent-renewal-text" sx={{ mb: 2 }}>
          {t('consentRenewal.text', { version: privacyNoticeVersion })}
        </DialogContentText>
        <Link component={RouterLink} to={paths.userPrivacy}>
          {t('consentRenewal.readNotice')}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => navigate(paths.logout)} disabled={accept.isPending}>
          {t('consentRenewal.decline')}
        </Button>
        <Button
          variant="contained"
          onClick={() => accept.mutate()}
          disabled={accept.isPending}
          data-testid="accept-privacy-notice"
        >
          {t('consentRenewal.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
