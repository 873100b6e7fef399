import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';

// The installable app (decision 29): each site's manifest, the icons it names (the files of apps/web/public,
// which the build copies as they are), and the service worker served so that browsers look for a new one.

const publicDir = fileURLToPath(new URL('../../../web/public', import.meta.url));

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('the web app manifest and service worker', () => {
  let distDir: string;
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><html lang="en"><head></head></html>');
    await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    harness = await createTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await harness.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const manifestOf = async (host: string) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    return response.json() as Manifest;
  };

  it("names each site's app after the site, a short name that fits under an icon, standalone at Home", async () => {
    const fair = await manifestOf('fair.localhost');
    expect(fair).toEqual({
      id: '/',
      name: 'Tile Fair',
      short_name: 'Tile Fair',
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
    });
    const association = await manifestOf('association.localhost');
    expect(association.name).toBe('Ceramics Association');
    expect(association.short_name).toBe('Ceramics');
  });

  it('names icons that exist at the sizes it says, the maskable one filling its square to the corners', async () => {
    const { icons } = await manifestOf('fair.localhost');
    for (const icon of icons) {
      const file = path.join(publicDir, icon.src);
      const metadata = await sharp(file).metadata();
      expect(`${metadata.width}x${metadata.height}`).toBe(icon.sizes);
      expect(metadata.format).toBe('png');
    }
    const maskable = icons.find((icon) => icon.purpose === 'maskable');
    const { data } = await sharp(path.join(publicDir, maskable?.src ?? ''))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The top-left pixel: the theme's blue, opaque (a launcher's mask cuts the corners, never shows through).
    expect([...data.subarray(0, 4)]).toEqual([0x1f, 0x4e, 0x79, 255]);
  });

  it('serves the service worker uncached, so that every visit checks for a new version of the app', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('javascript');
  });
});
