import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { takeOverFirstScreen } from './app/first-screen.ts';
import { catalogLoaders } from './app/i18n/catalogs.ts';
import { createAppRouter, routerReady } from './app/router.tsx';
import { offlineQueryKeys } from './config/offline.ts';
import { initI18n } from './lib/i18n/index.ts';
import { restoreOfflineAnswers, startOfflineStore } from './lib/offline-store.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorkerWhenIdle } from './lib/service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Home's first screen served with the page hands its answers and its search to the app before the router
// starts: the router's first navigation then finds Home's list in the cache and the address as the reader left it.
const onFirstRender = takeOverFirstScreen();
const router = createAppRouter();

// The catalog of the chosen language is loaded before the first render, so no text flashes in English; and
// the first route (its screen's chunk, its data) is ready, so the first render is the screen, not a blank page
// between the served one and it. The first render is a transition: React renders it in short slices, so the
// page answers input meanwhile (the static shell or first screen of index.html shows until it commits).
// What this account read on its last visit comes back first (decision 29): with no network the first route
// finds it in the cache, and with one the screens show it while they ask again.
const restored = restoreOfflineAnswers(queryClient).catch(() => null);
Promise.all([initI18n(catalogLoaders), restored, restored.then(() => routerReady(router))]).then(
  ([, restoredAt]) => {
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
    onFirstRender();
    startOfflineStore(queryClient, offlineQueryKeys, restoredAt);
    registerServiceWorkerWhenIdle();
  },
);
