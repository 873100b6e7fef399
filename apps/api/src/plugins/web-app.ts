import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** apps/web/dist, seen from apps/api/src/plugins. */
export const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
/** Unhashed files copied from apps/web/public (icons, flags): an hour, then revalidated. */
const shortLived = 'public, max-age=3600';

function cacheControlFor(distDir: string, file: string): string {
  const relative = path.relative(distDir, file).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return immutable; // Vite names these by content hash.
  if (relative.endsWith('.html')) return revalidate;
  return shortLived;
}

/**
 * Serves the built web application (WEB_DIST_DIR, default apps/web/dist) on the API's origin: index.html at
 * `/` (hash routing, so that is the only page), never cached; Vite's hashed assets cached for a year as
 * immutable. Files are routed one by one as found at start, so unknown paths keep the API's JSON 404. When
 * the app is not built, the API runs alone and says so in the log.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance) => {
    const distDir = path.resolve(app.config.webDistDir ?? defaultWebDistDir);
    if (!existsSync(path.join(distDir, 'index.html'))) {
      app.log.warn({ distDir }, 'the web app is not built (npm run build); serving the API only');
      return;
    }

    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => {
        reply.header('cache-control', cacheControlFor(distDir, file));
      },
    });

    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      return reply.sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
