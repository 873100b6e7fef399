import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  apiPaths,
  type FirstScreenWordKey,
  type FirstScreenWords,
  firstScreenIds,
  firstScreenWordsFile,
  formatShellLook,
  type Language,
  languages,
  rtlLanguages,
  type ShellLook,
  shellLookFromCookies,
} from '@pressroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.ts';
import type { Site } from './sites.ts';

/** apps/web/dist, seen from apps/api/src/plugins. */
const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
/** Unhashed files copied from apps/web/public (icons, flags): an hour, then revalidated. */
const shortLived = 'public, max-age=3600';

function cacheControlFor(distDir: string, file: string): string {
  const relative = path.relative(distDir, file).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return immutable; // Vite names these by content hash.
  // The service worker is checked for a new version at every visit (decision 29).
  if (relative.endsWith('.html') || relative === 'sw.js') return revalidate;
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
  /** In #root after the static shell: a feature's first screen (decision 15). */
  firstScreen: '<!--pressroom:first-screen-->',
  /** After #root: the first screen's answers, as JSON the app reads. */
  firstScreenData: '<!--pressroom:first-screen-data-->',
} as const;

/**
 * What a feature writes into index.html for one request (decision 15): Home's first screen, which the page's
 * own script shows only when the app would show the same on this visit, and the app then takes over.
 */
export interface FirstScreen {
  /** Markup put in #root after the static shell. */
  html: string;
  /** The answers it shows (the contract's FirstScreenData) as JSON, in a script element the app reads. */
  json: string;
  /** Changes whenever html or json does: it goes into the page's ETag. */
  tag: string;
}

export interface FirstScreenRequest {
  site: Site;
  /** The page's language: the one this browser last painted, else the best of its Accept-Language. */
  language: Language;
  /** The web app's words for the first screen in that language (from its build, first-screen-words.json). */
  words: Record<FirstScreenWordKey, string>;
}

/** Renders the first screen for a request, or null for none (the plain shell). */
export type FirstScreenRenderer = (
  page: FirstScreenRequest,
  request: FastifyRequest,
) => Promise<FirstScreen | null>;

declare module 'fastify' {
  interface FastifyInstance {
    webApp: {
      /** Sets what index.html carries as its first screen (one renderer: Home's). */
      serveFirstScreen(renderer: FirstScreenRenderer): void;
    };
  }
}

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

const directionOf = (language: Language) => (rtlLanguages.includes(language) ? 'rtl' : 'ltr');

/**
 * index.html for one site in a language (lang and dir of the html element), and in a look when the browser
 * sent one, whose language and direction then win (a function as replacement, so `$` in a site's name stays
 * literal).
 */
export function renderIndex(
  template: string,
  site: Site,
  look: ShellLook | null = null,
  language: Language = 'en',
): string {
  const name = escapeHtml(site.name);
  const html = template
    .replace(
      indexMarkers.siteMeta,
      () =>
        `<meta name="pressroom-site-id" content="${site.id}" />\n    <meta name="pressroom-site-name" content="${name}" />` +
        `\n    <link rel="alternate" type="application/atom+xml" title="${name}" href="${apiPaths.pressReleaseFeed}" />`,
    )
    .replace(indexMarkers.siteName, () => name);
  if (!look) return html.replace(/<html\b[^>]*>/, `<html lang="${language}" dir="${directionOf(language)}">`);
  return html
    .replace(/<html\b[^>]*>/, `<html lang="${look.language}" dir="${look.direction}">`)
    .replace('</head>', `${shellLookHtml(look)}</head>`);
}

/** The longest name a home screen shows under an icon without cutting it (as Chrome's install check advises). */
const shortNameLength = 12;

/**
 * The web app manifest of one site (decision 29): installed, the app carries the site's name, opens at its Home
 * and stands alone; its icons are the app's (apps/web/public/icons), one of them maskable for round launchers.
 */
function webAppManifest(site: Site) {
  const shortName =
    site.name.length <= shortNameLength
      ? site.name
      : (site.name
          .split(/\s+/)
          .find((word) => word.length > 0)
          ?.slice(0, shortNameLength) ?? site.name);
  return {
    id: '/',
    name: site.name,
    short_name: shortName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1f4e79',
    background_color: '#f5f6f8',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The page with a first screen in it, or without (its markers gone either way). */
function withFirstScreen(page: string, screen: FirstScreen | null): string {
  return page
    .replace(indexMarkers.firstScreen, () => screen?.html ?? '')
    .replace(indexMarkers.firstScreenData, () =>
      screen
        ? // `<` escaped: no text in the answers can close the script element.
          `<script type="application/json" id="${firstScreenIds.data}">${screen.json.replace(/</g, '\\u003c')}</script>`
        : '',
    );
}

/**
 * The CSP sources of index.html's inline scripts (the page's script that decides on the first screen): their
 * SHA-256, allowed beside 'self' for this page only. JSON script elements are data, never run.
 */
export function inlineScriptSources(template: string): string[] {
  return [...template.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|\btype="application\/json"/.test(attributes))
    .map(([, , code]) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/** The words file of the build: a map of words for every language; null when missing or not so. */
async function readFirstScreenWords(distDir: string): Promise<FirstScreenWords | null> {
  try {
    const words = JSON.parse(await readFile(path.join(distDir, firstScreenWordsFile), 'utf8'));
    const complete = languages.every(
      (language) =>
        typeof words?.[language] === 'object' &&
        Object.values(words[language]).every((word) => typeof word === 'string'),
    );
    return complete ? (words as FirstScreenWords) : null;
  } catch {
    return null;
  }
}

/** Pages kept per site and look (or language); looks are few per browser, so this bound is never reached. */
const maxKeptPages = 500;

const hashOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/**
 * Serves the built web application (WEB_DIST_DIR, default apps/web/dist) on the API's origin: index.html at
 * `/` (hash routing, so that is the only page), never cached (revalidated by ETag) and filled with the
 * request's site in the reader's language (renderIndex) and, when a feature serves one, with its first screen
 * (`app.webApp.serveFirstScreen`, decision 15: Home's, under the CSP hash of the page's script that decides
 * whether to show it); Vite's hashed assets cached for a year as immutable. Files are routed one by one as
 * found at start, so unknown paths keep the API's JSON 404. When the app is not built, the API runs alone and
 * says so in the log.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance) => {
    let firstScreen: FirstScreenRenderer | null = null;
    app.decorate('webApp', {
      serveFirstScreen(renderer: FirstScreenRenderer) {
        firstScreen = renderer;
      },
    });

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

    const scriptSources = inlineScriptSources(template);
    const words = await readFirstScreenWords(distDir);
    if (!words)
      app.log.warn({ distDir }, `no ${firstScreenWordsFile} in the web app: Home has no first screen`);
    const pages = new Map<string, { html: string; etag: string }>();
    const pageFor = (site: Site, look: ShellLook | null, language: Language) => {
      const key = `${site.id}|${look ? formatShellLook(look) : language}`;
      let page = pages.get(key);
      if (!page) {
        const html = renderIndex(template, site, look, language);
        page = { html, etag: hashOf(html) };
        if (pages.size < maxKeptPages) pages.set(key, page);
      }
      return page;
    };

    /** The first screen for this request; none when there is no renderer or it fails (the plain shell). */
    const firstScreenFor = async (request: FastifyRequest, language: Language) => {
      if (!firstScreen || !words) return null;
      try {
        return await firstScreen({ site: request.site, language, words: words[language] }, request);
      } catch (error) {
        request.log.warn({ err: error }, 'the first screen failed; serving the plain shell');
        return null;
      }
    };

    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('cache-control', shortLived)
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(webAppManifest(request.site))),
    );

    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const look = shellLookFromCookies(request.headers.cookie);
      const language = look?.language ?? request.language;
      const page = pageFor(request.site, look, language);
      const screen = await firstScreenFor(request, language);
      const etag = screen ? hashOf(`${page.etag}${screen.tag}`) : page.etag;
      // The page depends on the shell cookie and the reader's languages: a shared cache must not give one
      // browser's look or language to another; its first screen on the content (the ETag).
      reply
        .header('cache-control', revalidate)
        .header('etag', etag)
        .header('vary', 'Cookie, Accept-Language');
      const policy = reply.raw.getHeader('content-security-policy');
      if (typeof policy === 'string' && scriptSources.length > 0) {
        reply.header(
          'content-security-policy',
          policy.replace(
            /(^|;)\s*script-src ([^;]*)/,
            (directive) => `${directive} ${scriptSources.join(' ')}`,
          ),
        );
      }
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(withFirstScreen(page.html, screen));
    });
  },
  { name: 'web-app' },
);
