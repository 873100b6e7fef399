import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import Slide from '@mui/material/Slide';
import Snackbar from '@mui/material/Snackbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { notificationDuration, notify, useNotifications } from '../lib/notifications.ts';

/**
 * The toast slides in and out rather than growing from nothing: MUI's default fades its opacity, and a check of
 * contrast taken during the fade (axe, or a reader's eye) sees white text on a washed-out green over the light
 * page, 2.5:1. Sliding keeps its colours whole (5:1 and more, in light and dark) at every moment.
 */
const slideUp = (props: React.ComponentProps<typeof Slide>) => <Slide {...props} direction="up" />;

/** Room a notification takes at the bottom of a phone's screen (its height and the gap under it), in px. */
const phoneNotificationRoom = 72;

/**
 * Shows queued notifications one at a time; errors stay until closed, the others leave once read (3 to 6 s;
 * "Login successful!" 3 s). Where, so that it never covers a screen's main action (e2e/screens-say.test.ts
 * measures it at 390 and 1366 px): every screen puts its main action at the top of its content (Home's
 * search, a form's fields), so notifications go to the bottom. On wide screens in the bottom corner on the
 * sidebar's side, away from the content; on phones across the bottom, over the end of what is on screen,
 * and while one shows, what the keyboard moves to is scrolled above it (scroll padding), never under it.
 */
export default function NotificationList() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const current = notifications[0];
  if (!current) return null;
  const close = () => notify.dismiss(current.id);
  return (
    <>
      {!wide && <GlobalStyles styles={{ html: { scrollPaddingBottom: phoneNotificationRoom } }} />}
      <Snackbar
        key={current.id}
        open
        anchorOrigin={{ vertical: 'bottom', horizontal: wide ? 'left' : 'center' }}
        autoHideDuration={notificationDuration(current)}
        slots={{ transition: slideUp }}
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
    </>
  );
}
