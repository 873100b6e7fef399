import { apiPaths } from '@pressroom/contract';
import { users } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TestClock, testConfig } from '../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../test-support/factories.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

describe('the authentication plugin', () => {
  const clock = new TestClock();
  const config = testConfig({ mailPollInterval: 0 });
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await openTestDatabase();
    app = await buildApp({ config, database, clock, logger: false });
    // Routes that exist only in this test, to exercise the guards on their own.
    app.get('/test/users-only', { onRequest: app.requirePermission('user.manage') }, async (request) => ({
      id: request.user?.id,
    }));
    app.get('/test/optional', { onRequest: app.authenticateOptional }, async (request) => ({
      id: request.user?.id ?? null,
      roles: request.user?.roles ?? [],
      permissions: [...(request.user?.permissions ?? [])].sort(),
    }));
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  const profile = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: apiPaths.profile, headers });

  const expect401 = (response: Awaited<ReturnType<typeof profile>>, detail: string) => {
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('JWT realm="api"');
    expect(response.json()).toEqual({ detail });
  };

  it('answers a protected call without an Authorization header with 401 and WWW-Authenticate', async () => {
    expect401(await profile(), 'Authentication credentials were not provided.');
  });

  it('treats another scheme as no credentials', async () => {
    expect401(
      await profile({ authorization: 'Basic dXNlcjpwYXNz' }),
      'Authentication credentials were not provided.',
    );
  });

  it('refuses the JWT prefix alone', async () => {
    expect401(
      await profile({ authorization: 'JWT' }),
      'Invalid Authorization header. No credentials provided.',
    );
  });

  it('refuses credentials that contain spaces', async () => {
    expect401(
      await profile({ authorization: 'JWT a b' }),
      'Invalid Authorization header. Credentials string should not contain spaces.',
    );
  });

  it('refuses an expired token', async () => {
    const user = await createUser(app);
    const token = await tokenFor(app, user);
    clock.advance(config.accessTokenLifetime + 1);
    expect401(await profile(authHeader(token)), 'Signature has expired.');
  });

  it('accepts a token until the last second of its lifetime', async () => {
    const user = await createUser(app);
    const token = await tokenFor(app, user);
    clock.advance(config.accessTokenLifetime - 1);
    expect((await profile(authHeader(token))).statusCode).toBe(200);
  });

  it('refuses a tampered token', async () => {
    const user = await createUser(app);
    const [header, payload, signature] = (await tokenFor(app, user)).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, user_id: claims.user_id + 1 })).toString(
      'base64url',
    );
    expect401(await profile(authHeader(`${header}.${forged}.${signature}`)), 'Error decoding signature.');
    expect401(await profile(authHeader('not-a-token')), 'Error decoding signature.');
  });

  it('accepts the Bearer prefix as well as JWT, in any case', async () => {
    const user = await createUser(app);
    const token = await tokenFor(app, user);
    const bearer = await profile({ authorization: `Bearer ${token}` });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json().id).toBe(user.id);
    expect((await profile({ authorization: `jwt ${token}` })).statusCode).toBe(200);
  });

  it('refuses the token of an account that has been switched off', async () => {
    const user = await createUser(app);
    const token = await tokenFor(app, user);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect401(await profile(authHeader(token)), 'User account is disabled.');
  });

  it('refuses the token of a deleted account', async () => {
    const user = await createUser(app);
    const token = await tokenFor(app, user);
    await app.db.delete(users).where(eq(users.id, user.id));
    expect401(await profile(authHeader(token)), 'Error decoding signature.');
  });

  it('translates the 401 message by Accept-Language', async () => {
    const response = await profile({ 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Credenziali di autenticazione non fornite.' });
  });

  it('lets a user through requirePermission only with every named permission', async () => {
    const journalist = await createUser(app, { roles: ['user_press_room'] });
    const denied = await app.inject({
      method: 'GET',
      url: '/test/users-only',
      headers: authHeader(await tokenFor(app, journalist)),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'You do not have permission to perform this action.' });

    const granted = await createUser(app, { roles: ['user_press_room'], extraPermissions: ['user.manage'] });
    const allowed = await app.inject({
      method: 'GET',
      url: '/test/users-only',
      headers: authHeader(await tokenFor(app, granted)),
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ id: granted.id });
  });

  it('answers requirePermission with 401, not 403, when signed out', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/users-only' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('JWT realm="api"');
  });

  it('fills request.user on an optional route from a valid token, with role defaults and extras', async () => {
    const agent = await createUser(app, {
      roles: ['agent_press_room_external_company'],
      extraPermissions: ['magazine.manage'],
      companyId: 7,
    });
    const response = await app.inject({
      method: 'GET',
      url: '/test/optional',
      headers: authHeader(await tokenFor(app, agent)),
    });
    expect(response.json()).toEqual({
      id: agent.id,
      roles: ['agent_press_room_external_company'],
      permissions: [
        'gallery.write_own_company',
        'magazine.manage',
        'press_area.access',
        'press_release.write_own_company',
      ],
    });
  });

  it('serves an optional route anonymously when no token, or an unusable one, is sent', async () => {
    for (const headers of [{}, { authorization: 'JWT' }, { authorization: 'JWT broken' }]) {
      const response = await app.inject({ method: 'GET', url: '/test/optional', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: null, roles: [], permissions: [] });
    }
  });
});
