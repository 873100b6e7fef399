import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';

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
        // VIDEO_MAX_BYTES=500MB: a smaller limit than the default 2 GiB.
        videoMaxBytes: 500_000_000,
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
      video_max_size: 500_000_000,
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
