import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { notify, useNotifications } from '../lib/notifications.ts';

/** Shows queued notifications one at a time; errors stay until closed, successes leave after 5 s. */
export default function NotificationList() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const current = notifications[0];
  if (!current) return null;
  const close = () => notify.dismiss(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={current.severity === 'error' ? null : 5000}
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
