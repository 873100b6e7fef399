import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network, as the query client sees it (it pauses requests while offline and asks
 * again when the network is back): screens disable what needs the server while this is false (decision 29).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** The newest time any answer now in the query cache was received (what the offline notice dates). */
export function useLastRefreshed(): number | null {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => {
      let newest = 0;
      for (const query of cache.getAll()) newest = Math.max(newest, query.state.dataUpdatedAt);
      return newest === 0 ? null : newest;
    },
    () => null,
  );
}

/**
 * Whether something the page asked for is waiting for the network with nothing kept to show meanwhile (an answer
 * never saved on this device, or saved in another language): the offline notice says it will come.
 */
export function useWaitingForNetwork(): boolean {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () =>
      cache
        .getAll()
        .some((query) => query.state.status === 'pending' && query.state.fetchStatus === 'paused'),
    () => false,
  );
}
