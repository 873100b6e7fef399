import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { notificationDuration, notify, useNotifications } from '../lib/notifications.ts';

/**
 * Shows queued notifications one at a time; errors stay until closed, the others leave once read (3 to 6 s).
 * On wide screens in the bottom corner on the sidebar's side, away from the content and its actions.
 */
export default function NotificationList() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const current = notifications[0];
  if (!current) return null;
  const close = () => notify.dismiss(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: wide ? 'left' : 'center' }}
      autoHideDuration={notificationDuration(current)}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={close}
        slotProps={{ closeButton: { title: t('app.close'), 'aria-label': t('app.close') } }}
        role={current.severity === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%', maxWidth: 560 }}
        data-testid={`notification-${current.severity}`}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
