import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const secret = 'a-test-secret-of-at-least-32-characters';

describe('configuration', () => {
  it('defaults the public URL to localhost on the configured port', () => {
    expect(loadConfig({ SECRET_KEY: secret }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ SECRET_KEY: secret, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('keeps an explicit public URL whatever the port, without its trailing slash', () => {
    const config = loadConfig({ SECRET_KEY: secret, PORT: '8080', PUBLIC_URL: 'https://press.example.org/' });
    expect(config.publicUrl).toBe('https://press.example.org');
  });

  it('reads the sites from SITES, each with its own public address when one is given', () => {
    const config = loadConfig({
      SECRET_KEY: secret,
      SITES:
        'fair.localhost=Tile Fair, association.localhost=Ceramics Association=https://press.ceramics.example/',
    });
    expect(config.sites).toEqual([
      { hostname: 'fair.localhost', name: 'Tile Fair' },
      {
        hostname: 'association.localhost',
        name: 'Ceramics Association',
        publicUrl: 'https://press.ceramics.example',
      },
    ]);
    expect(() =>
      loadConfig({ SECRET_KEY: secret, SITES: 'fair.localhost=Tile Fair=ftp://files.example' }),
    ).toThrow('"ftp://files.example" is not an http(s) address');
  });

  it('gives each uploader a generous quota by default, each set in its own words', () => {
    expect(loadConfig({ SECRET_KEY: secret })).toMatchObject({
      videoQuotaBytes: 20 * 1024 ** 3,
      coverageReportsPerDay: 50,
      clippingQuotaBytes: 500 * 1024 ** 2,
    });
    const config = loadConfig({
      SECRET_KEY: secret,
      VIDEO_QUOTA_BYTES: '100G',
      COVERAGE_REPORTS_PER_DAY: '10',
      CLIPPING_QUOTA_BYTES: '1G',
    });
    expect(config).toMatchObject({
      videoQuotaBytes: 100 * 1024 ** 3,
      coverageReportsPerDay: 10,
      clippingQuotaBytes: 1024 ** 3,
    });
    expect(() => loadConfig({ SECRET_KEY: secret, COVERAGE_REPORTS_PER_DAY: '0' })).toThrow(
      'COVERAGE_REPORTS_PER_DAY',
    );
  });
});
