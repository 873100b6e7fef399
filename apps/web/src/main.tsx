import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The catalog of the chosen language is loaded before the first render, so no text flashes in English.
initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
