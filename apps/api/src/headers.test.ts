import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/app.ts';
import { authHeader, createUser, tokenFor } from './test-support/factories.ts';

describe('headers of personal data, transport and the API docs', () => {
  let plain: Awaited<ReturnType<typeof createTestApp>>;
  let secure: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    plain = await createTestApp({ config: { publicUrl: 'http://localhost:3000' } });
    secure = await createTestApp({ config: { publicUrl: 'https://press.example.test' } });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
  });

  it('promises HSTS only where the public address is https', async () => {
    const overHttp = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const overHttps = await secure.app.inject({ method: 'GET', url: '/healthz' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('marks answers with personal data no-store, and leaves public answers cacheable', async () => {
    const user = await createUser(plain.app, { email: 'private@example.test' });
    const headers = authHeader(await tokenFor(plain.app, user));
    const profile = await plain.app.inject({ method: 'GET', url: apiPaths.profile, headers });
    expect(profile.headers['cache-control']).toBe('no-store');
    const signedInList = await plain.app.inject({ method: 'GET', url: apiPaths.pressReleases, headers });
    expect(signedInList.headers['cache-control']).toBe('no-store');
    const token = await plain.app.inject({
      method: 'POST',
      url: apiPaths.tokenAuth,
      payload: { email: user.email, password: user.password },
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const feed = await plain.app.inject({ method: 'GET', url: apiPaths.pressReleaseFeed });
    expect(feed.headers['cache-control']).toBe('public, max-age=300');
    const publicList = await plain.app.inject({ method: 'GET', url: apiPaths.pressReleases });
    expect(publicList.headers['cache-control']).toBeUndefined();
  });

  it('serves the API docs never framed and with no third-party image source', async () => {
    const entry = await plain.app.inject({ method: 'GET', url: '/api/docs' });
    const page = entry.headers.location ? String(entry.headers.location) : '/api/docs';
    const docs = await plain.app.inject({
      method: 'GET',
      url: page.startsWith('/') ? page : `/api/docs/${page}`,
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    const policy = String(docs.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('validator.swagger.io');
    expect(policy).toContain("img-src 'self' data:;");
  });
});
