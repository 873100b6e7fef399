import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { catalogLoaders } from './app/i18n/catalogs.ts';
import { initI18n } from './lib/i18n/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The catalog of the chosen language is loaded before the first render, so no text flashes in English. The
// first render is a transition: React renders it in short slices, so the page answers input meanwhile (the
// static shell of index.html shows until it commits).
initI18n(catalogLoaders).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
