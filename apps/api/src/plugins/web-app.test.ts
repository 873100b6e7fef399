import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { firstScreenWordsFile, languages } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';
import { indexMarkers, inlineScriptSources, renderIndex } from './web-app.ts';

const indexHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Press room</title>
<script type="module" crossorigin src="/assets/index-Bx7f3kQ2.js"></script></head>
<body><div id="root"></div></body></html>
`;
const bundle = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

describe('web app serving', () => {
  let distDir: string;
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), indexHtml);
    await writeFile(path.join(distDir, 'assets', 'index-Bx7f3kQ2.js'), bundle);
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(distDir, '.env'), 'SECRET=1');
    harness = await createTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await harness.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves the single-page index at / uncached, under the strict CSP', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // The office opens the video it is uploading as a blob, to take its poster from a frame.
    expect(response.headers['content-security-policy']).toContain("media-src 'self' blob:;");
    expect(response.body).toBe(indexHtml.replace('<html lang="en">', '<html lang="en" dir="ltr">'));
  });

  it('caches hashed assets for a year as immutable, compressed when asked', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/assets/index-Bx7f3kQ2.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('caches unhashed public files for an hour', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps the JSON 404 for unknown files, dotfiles and API paths', async () => {
    for (const url of ['/assets/missing-1234.js', '/.env', '/api/nothing-here/']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'Not found.' });
    }
  });

  it('runs the API alone when the web app is not built', async () => {
    const apiOnly = await createTestApp({ config: { webDistDir: path.join(distDir, 'not-built') } });
    try {
      const index = await apiOnly.app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(404);
      const health = await apiOnly.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await apiOnly.close();
    }
  });
});

describe("the index filled with the request's site", () => {
  const template = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${indexMarkers.siteMeta}<title>Press room</title></head>
<body><div id="root"><header class="shell">${indexMarkers.siteName}</header></div></body></html>
`;
  let distDir: string;
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-dist-'));
    await writeFile(path.join(distDir, 'index.html'), template);
    harness = await createTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await harness.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it("writes each hostname's press group into the meta tags and its name into the static shell", async () => {
    for (const [host, name] of [
      ['fair.localhost', 'Tile Fair'],
      ['association.localhost', 'Ceramics Association'],
    ]) {
      const site = harness.app.sites.byName.get(name);
      const response = await harness.app.inject({ method: 'GET', url: '/', headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<meta name="pressroom-site-id" content="${site?.id}" />`);
      expect(response.body).toContain(`<meta name="pressroom-site-name" content="${name}" />`);
      expect(response.body).toContain(`<header class="shell">${name}</header>`);
      expect(response.body).not.toContain('<!--pressroom:');
    }
  });

  it('answers 304 to a revalidation with the same ETag, per site', async () => {
    const first = await harness.app.inject({ method: 'GET', url: '/', headers: { host: 'fair.localhost' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'fair.localhost', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherSite = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'association.localhost', 'if-none-match': etag },
    });
    expect(otherSite.statusCode).toBe(200);
  });

  it('serves the shell in the language, direction and colours this browser last painted', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: '/', headers: { host: 'fair.localhost' } });
    expect(plain.body).toContain('<html lang="en" dir="ltr"><head>');
    expect(plain.headers.vary).toContain('Cookie');
    const cookie = 'theme=x; pressroom_shell=v1.ar.rtl.272727.121212.1e1e1e.70; other=1';
    const arabicDark = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'fair.localhost', cookie },
    });
    expect(arabicDark.statusCode).toBe(200);
    expect(arabicDark.headers.vary).toContain('Cookie');
    expect(arabicDark.body).toContain('<html lang="ar" dir="rtl"><head>');
    expect(arabicDark.body).toContain(
      '<style>body{background:#121212;color:#fff}.app-shell-bar{background:#272727}' +
        '.app-shell-side{background:#1e1e1e;width:70px}' +
        '@media (min-width:769px){noscript{padding-inline-start:94px}}</style></head>',
    );
    expect(arabicDark.body).toContain('<header class="shell">Tile Fair</header>');
    expect(arabicDark.headers.etag).not.toBe(plain.headers.etag);
    const again = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'fair.localhost', cookie, 'if-none-match': arabicDark.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the plain shell when the shell cookie is not valid, whatever it holds', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: '/', headers: { host: 'fair.localhost' } });
    for (const value of [
      'v1.ar.rtl.272727.121212.1e1e1e',
      'v1.ar.rtl.27"><script>.121212.1e1e1e.70',
      'v1.xx.rtl.272727.121212.1e1e1e.70',
      'v9.ar.rtl.272727.121212.1e1e1e.70',
    ]) {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: 'fair.localhost', cookie: `pressroom_shell=${value}` },
      });
      expect(response.statusCode, value).toBe(200);
      expect(response.body, value).toBe(plain.body);
    }
  });

  it("writes the page in the reader's language when the browser painted none yet: Arabic, right to left", async () => {
    const arabic = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'fair.localhost', 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl"><head>');
    expect(arabic.headers.vary).toBe('Cookie, Accept-Language');
    const english = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'fair.localhost' },
    });
    expect(arabic.headers.etag).not.toBe(english.headers.etag);
  });

  it('writes dark text on a light page and follows a collapsed sidebar', () => {
    const html = renderIndex(
      template,
      { id: 7, name: 'Tile Fair', address: 'http://fair.localhost:3000' },
      { language: 'he', direction: 'rtl', bar: 'a03f22', page: 'f5f6f8', side: 'ffffff', sideWidth: 70 },
    );
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('body{background:#f5f6f8;color:#000}');
    expect(html).toContain('noscript{padding-inline-start:94px}');
  });

  it('escapes the site name as HTML and keeps `$` literal', () => {
    const html = renderIndex(template, {
      id: 7,
      name: `Tiles & "Co" <b>$&</b>`,
      address: 'http://fair.localhost:3000',
    });
    expect(html).toContain(
      '<meta name="pressroom-site-name" content="Tiles &amp; &quot;Co&quot; &lt;b&gt;$&amp;&lt;/b&gt;" />',
    );
    expect(html).toContain(
      '<header class="shell">Tiles &amp; &quot;Co&quot; &lt;b&gt;$&amp;&lt;/b&gt;</header>',
    );
    expect(html).toContain('<meta name="pressroom-site-id" content="7" />');
  });
});

describe("the index's first screen and its script", () => {
  const pageScript = "document.documentElement.setAttribute('data-first-screen', 'light');";
  const template = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${indexMarkers.siteMeta}<script>${pageScript}</script></head>
<body><div id="root">${indexMarkers.firstScreen}</div>${indexMarkers.firstScreenData}
<script type="application/json" id="fixture">{}</script></body></html>
`;
  const words = Object.fromEntries(
    languages.map((language) => [language, { 'home.title': `Home (${language})` }]),
  );
  let distDir: string;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  const index = (headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url: '/', headers: { host: 'fair.localhost', ...headers } });

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-dist-'));
    await writeFile(path.join(distDir, 'index.html'), template);
    await writeFile(path.join(distDir, firstScreenWordsFile), JSON.stringify(words));
    harness = await createTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await harness.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it("allows the page's inline script by its hash, on the index only", async () => {
    const sources = inlineScriptSources(template);
    expect(sources).toEqual([`'sha256-${createHash('sha256').update(pageScript).digest('base64')}'`]);
    const page = await index();
    expect(page.headers['content-security-policy']).toContain(
      `script-src 'self' 'wasm-unsafe-eval' ${sources[0]};`,
    );
    const api = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });

  it("puts a feature's first screen into the page in the page's language, its answers in a script no text closes", async () => {
    let tag = 'first';
    harness.app.webApp.serveFirstScreen(async ({ site, language, words: pageWords }) => ({
      html: `<div id="first-screen">${pageWords['home.title']} of ${site.name}</div>`,
      json: JSON.stringify({ language, title: '</script><b>bold</b>' }),
      tag,
    }));
    const page = await index({ 'accept-language': 'it' });
    expect(page.body).toContain('<div id="root"><div id="first-screen">Home (it) of Tile Fair</div></div>');
    expect(page.body).toContain(
      '<script type="application/json" id="first-screen-data">{"language":"it","title":"\\u003c/script>\\u003cb>bold\\u003c/b>"}</script>',
    );
    expect(page.body).not.toContain('<!--pressroom:');
    const again = await index({ 'accept-language': 'it', 'if-none-match': page.headers.etag as string });
    expect(again.statusCode).toBe(304);
    tag = 'second';
    const changed = await index({ 'accept-language': 'it', 'if-none-match': page.headers.etag as string });
    expect(changed.statusCode).toBe(200);
  });

  it('serves the page without a first screen when it fails', async () => {
    harness.app.webApp.serveFirstScreen(async () => {
      throw new Error('the database is away');
    });
    const page = await index();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('first-screen-data');
  });
});
