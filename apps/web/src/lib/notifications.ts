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

export function useNotifications(): Notification[] {
  return useSyncExternalStore(notify.subscribe, notify.get, notify.get);
}
