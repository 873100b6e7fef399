import { useSyncExternalStore } from 'react';

export interface Notification {
  id: number;
  severity: 'success' | 'error' | 'info';
  message: string;
}

let queue: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Notification[]) {
  queue = next;
  for (const listener of listeners) listener();
}

/**
 * Success and error messages (spec section 2: notifications). The newest replaces the one on screen: an
 * answer to what the user just did matters more than an older one.
 */
export const notify = {
  success: (message: string) => publish([{ id: nextId++, severity: 'success', message }]),
  error: (message: string) => publish([{ id: nextId++, severity: 'error', message }]),
  info: (message: string) => publish([{ id: nextId++, severity: 'info', message }]),
  dismiss: (id: number) => publish(queue.filter((notification) => notification.id !== id)),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => queue,
};

/**
 * How long a notification stays, in milliseconds, or null until closed (errors: the user must read them).
 * Others stay as long as they take to read, from 3 s for a short "Signed in" up to 6 s, so they never hide
 * the page for long after the action they answer.
 */
export function notificationDuration(
  notification: Pick<Notification, 'severity' | 'message'>,
): number | null {
  if (notification.severity === 'error') return null;
  return Math.min(6000, Math.max(3000, 1500 + notification.message.length * 50));
}

export function useNotifications(): Notification[] {
  return useSyncExternalStore(notify.subscribe, notify.get, notify.get);
}
