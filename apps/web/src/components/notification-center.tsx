import { lazy, Suspense } from 'react';
import { useNotifications } from '../lib/notifications.ts';

// Snackbar and Alert are downloaded with the first notification, not with Home.
const NotificationList = lazy(() => import('./notification-list.tsx'));

export function NotificationCenter() {
  const notifications = useNotifications();
  if (notifications.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NotificationList />
    </Suspense>
  );
}
