import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenWords, firstScreenWordsFile } from './src/app/i18n/first-screen-words.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// The page's own script (index.html's module, boot.ts, and Vite's helper with which it imports the app):
// never in the app's chunk.
const isPageScript = (id: string) =>
  /[\\/]src[\\/]boot\.ts$|[\\/]index\.html|vite[\\/]preload-helper/.test(id);

/** The words of Home's first screen, from the catalogs, beside index.html for the server (decision 15). */
function firstScreenWordsAsset(): Plugin {
  return {
    name: 'pressroom-first-screen-words',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: firstScreenWordsFile,
        source: JSON.stringify(firstScreenWords()),
      });
    },
  };
}

// The API serves the built app on the same origin; in development the dev server proxies /api to it.
export default defineConfig({
  root,
  base: './',
  plugins: [
    react(),
    firstScreenWordsAsset(),
    // The service worker (decision 29): the app's files precached, so the app opens with no network; the page
    // itself and the pictures seen kept as they are fetched. Registered by the app when idle (lib/offline), and
    // the manifest is the server's (one per site: its name).
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,json,svg,png,woff2,wasm}'],
        // The page is the server's (its site, language, first screen, the CSP of its script): never the file.
        globIgnores: ['index.html'],
        navigateFallback: null,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The app's page, fresh when the network answers, the last one otherwise. It varies with the
            // shell cookie and languages, which a worker cannot see: the one this browser last had serves.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname === '/',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pressroom-page',
              networkTimeoutSeconds: 4,
              matchOptions: { ignoreVary: true },
              expiration: { maxEntries: 4 },
            },
          },
          {
            // Pictures as they are seen (thumbnails, covers, logos): offline, what was seen stays. Not an
            // embargo preview's: its link may be revoked, and its answers are kept by no cache.
            urlPattern: ({ request, sameOrigin, url }) =>
              sameOrigin && request.destination === 'image' && !url.searchParams.has('preview'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'pressroom-pictures',
              expiration: { maxEntries: 400, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The server's CSP is script-src 'self' and the hash of index.html's one inline script (plugins/web-app.ts).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rolldownOptions: {
      // The page's only script is boot.ts (decision 15); the app (main.tsx) is a second entry it imports when
      // the app starts, so that the app's first load is one chunk as before and not part of the page's.
      input: { index: path.join(root, 'index.html'), app: path.join(root, 'src/main.tsx') },
      output: {
        codeSplitting: {
          // Everything the app imports statically in one chunk: on HTTP/1.1 (six connections) and a slow
          // network each extra file of the first load costs a round trip before the app can start.
          // Likewise what the app asks for as it starts, beside it: the header's buttons and the sidebar's
          // menu (with the error page, so it is in memory when a later chunk fails to load after a deployment),
          // and Home's screen, each with what it imports (one file each rather than twenty). The shell look
          // (lib/shell-look.ts, asked for after the first paint) rides in the shell's file: no request of its own.
          groups: [
            // The page's script with the helper it imports the app by (the app imports it from there).
            { name: 'boot', test: isPageScript, priority: 4 },
            { name: 'app', tags: ['$initial'], test: (id) => !isPageScript(id), priority: 3 },
            {
              name: 'shell',
              test: /[\\/]src[\\/](components[\\/](header-actions|route-error|sidebar-menu)\.tsx|lib[\\/]shell-look\.ts)$/,
              priority: 2,
            },
            {
              name: 'home',
              test: /[\\/]src[\\/]features[\\/]press-releases[\\/]home-screen\.tsx$/,
              priority: 1,
            },
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
