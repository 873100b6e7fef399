import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugins/config.ts';
import { createTestApp } from '../../test-support/app.ts';

/** The limit of a server started with VIDEO_MAX_BYTES=500M: 500 MiB, a quarter of the default 2 GiB. */
const { videoMaxBytes } = loadConfig({
  SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
  DATA_DIR: '/tmp/pressroom-test-data',
  VIDEO_MAX_BYTES: '500M',
});

describe('site info', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({
      config: {
        sites: [
          { hostname: 'fair.localhost', name: 'Tile Fair' },
          { hostname: 'association.localhost', name: 'Ceramics Association' },
        ],
        defaultSite: 'Tile Fair',
        privacyContactEmail: 'privacy@example.org',
        pressOfficeEmail: 'press@example.org',
        videoMaxBytes,
      },
    });
  });
  afterAll(() => harness.close());

  it('names the site of the request hostname and the largest video it takes, without signing in', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/site/',
      headers: { host: 'association.localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Ceramics Association',
      sites: ['Tile Fair', 'Ceramics Association'],
      privacy_contact_email: 'privacy@example.org',
      press_office_email: 'press@example.org',
      video_max_size: 524_288_000,
    });
  });

  it('falls back to the default site for an unknown hostname', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/site/',
      headers: { host: 'elsewhere.example' },
    });
    expect(response.json().name).toBe('Tile Fair');
  });
});
