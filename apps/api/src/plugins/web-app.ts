import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { apiPaths, formatShellLook, type ShellLook, shellLookFromCookies } from '@pressroom/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.ts';
import type { Site } from './sites.ts';

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
 * Markers of apps/web/index.html filled per site when the index is served: the site's press group as meta tags
 * (the web app then needs no lookup before it asks for the site's releases) and its name in the static shell
 * painted before the JavaScript runs. Comments, so the page served by Vite's dev server stays valid as it is.
 */
export const indexMarkers = {
  siteMeta: '<!--pressroom:site-meta-->',
  siteName: '<!--pressroom:site-name-->',
} as const;

/**
 * The shell in the look the browser last painted (the contract's ShellLook, every part validated): the html
 * element's language and direction, and the colours and sidebar width after the template's own styles.
 */
function shellLookHtml(look: ShellLook): string {
  const channels = [0, 2, 4].map((start) => Number.parseInt(look.page.slice(start, start + 2), 16));
  // Text readable on the page's colour: white on a dark page (the no-script message).
  const text = channels.reduce((sum, channel) => sum + channel, 0) / 3 < 128 ? '#fff' : '#000';
  return (
    `<style>body{background:#${look.page};color:${text}}.app-shell-bar{background:#${look.bar}}` +
    `.app-shell-side{background:#${look.side};width:${look.sideWidth}px}` +
    `@media (min-width:769px){noscript{padding-inline-start:${look.sideWidth + 24}px}}</style>`
  );
}

/**
 * index.html for one site, and in a look when the browser sent one (a function as replacement, so `$` in a
 * site's name stays literal).
 */
export function renderIndex(template: string, site: Site, look: ShellLook | null = null): string {
  const name = escapeHtml(site.name);
  const html = template
    .replace(
      indexMarkers.siteMeta,
      () =>
        `<meta name="pressroom-site-id" content="${site.id}" />\n    <meta name="pressroom-site-name" content="${name}" />` +
        `\n    <link rel="alternate" type="application/atom+xml" title="${name}" href="${apiPaths.pressReleaseFeed}" />`,
    )
    .replace(indexMarkers.siteName, () => name);
  if (!look) return html;
  return html
    .replace(/<html\b[^>]*>/, `<html lang="${look.language}" dir="${look.direction}">`)
    .replace('</head>', `${shellLookHtml(look)}</head>`);
}

/** Pages kept per site and look; looks are few per browser, so this bound is never reached in use. */
const maxKeptPages = 500;

/**
 * Serves the built web application (WEB_DIST_DIR, default apps/web/dist) on the API's origin: index.html at
 * `/` (hash routing, so that is the only page), never cached (revalidated by ETag) and filled with the
 * request's site (renderIndex); Vite's hashed assets cached for a year as immutable. Files are routed one by
 * one as found at start, so unknown paths keep the API's JSON 404. When the app is not built, the API runs
 * alone and says so in the log.
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

    const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
    const pages = new Map<string, { html: string; etag: string }>();
    const pageFor = (site: Site, cookieHeader: string | undefined) => {
      const look = shellLookFromCookies(cookieHeader);
      const key = `${site.id}|${look ? formatShellLook(look) : ''}`;
      let page = pages.get(key);
      if (!page) {
        const html = renderIndex(template, site, look);
        page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
        if (pages.size < maxKeptPages) pages.set(key, page);
      }
      return page;
    };

    app.get('/', { schema: { hide: true } }, (request, reply) => {
      const page = pageFor(request.site, request.headers.cookie);
      // The page depends on the shell cookie: a shared cache must not give one browser's look to another.
      reply.header('cache-control', revalidate).header('etag', page.etag).header('vary', 'Cookie');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(page.html);
    });
  },
  { name: 'web-app' },
);
