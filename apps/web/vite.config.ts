import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The API serves the built app on the same origin; in development the dev server proxies /api to it.
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No inline scripts: the server's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: on HTTP/1.1 (six connections) and a slow
          // network each extra file of the first load costs a round trip before the app can start.
          // Likewise what the app asks for as it starts, beside the entry: the header's buttons and the sidebar's
          // menu (with the error page, so it is in memory when a later chunk fails to load after a deployment),
          // and Home's screen, each with what it imports (one file each rather than twenty). The shell look
          // (lib/shell-look.ts, asked for after the first paint) rides in the shell's file: no request of its own.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            {
              name: 'shell',
              test: /[\\/]src[\\/](components[\\/](header-actions|route-error|sidebar-menu)\.tsx|lib[\\/]shell-look\.ts)$/,
              priority: 2,
            },
            { name: 'home', test: /[\\/]src[\\/]features[\\/]home[\\/]home-screen\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
