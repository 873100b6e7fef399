import { useSyncExternalStore } from 'react';
// In the app's own chunk (a few KB): a chunk asked for at idle would be one more request of every visit.
import { Workbox } from 'workbox-window';

/**
 * The service worker (decision 29): registered once the app has started and the page is idle, so it costs
 * Home's first load nothing. A new version of the app waits until the reader takes it (the update notice):
 * a page never runs with half its files from one version and half from another.
 */

/** The worker's cache of the page (vite.config.ts names it). */
const pageCache = 'pressroom-page';
let waiting: Workbox | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function registerServiceWorkerWhenIdle() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = async () => {
    const worker = new Workbox('./sw.js', { scope: './' });
    worker.addEventListener('waiting', () => {
      waiting = worker;
      notify();
    });
    // The new version took over (this tab or another asked for it): the page reloads into it.
    worker.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    const registration = await worker.register().catch(() => undefined);
    if (registration) await keepThePage();
  };
  // Safari has no requestIdleCallback: a few seconds after the app started stands in for it.
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => void register(), { timeout: 10_000 });
  } else {
    setTimeout(() => void register(), 3000);
  }
}

/**
 * The worker keeps the page as it fetches it, from the next visit on; the page of this first visit (which
 * loaded before the worker) is put in its cache now, so the app opens offline from the start.
 */
async function keepThePage() {
  await navigator.serviceWorker.ready;
  const cache = await caches.open(pageCache);
  if (!(await cache.match('./', { ignoreVary: true }))) await cache.add('./').catch(() => undefined);
}

/** Whether a new version of the app is ready to take over. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/** Lets the waiting version take over; the page reloads when it does. */
export function applyUpdate() {
  waiting?.messageSkipWaiting();
}
