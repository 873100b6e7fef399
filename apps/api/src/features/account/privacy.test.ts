import { apiPaths } from '@pressroom/contract';
import { consents, contactMessages, errorReports, userRoleGroups, users } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, type TestUser, tokenFor } from '../../test-support/factories.ts';

const generous = { max: 10_000, windowSeconds: 60 };

let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  harness = await createTestApp({
    config: {
      mailPollInterval: 0,
      rateLimits: {
        signInPerIp: generous,
        signInPerEmail: generous,
        signInFailuresPerEmail: generous,
        contactPerUser: generous,
        contactPerIp: generous,
        doorUnknownBadgesPerUser: generous,
        registerPerIp: generous,
        mailPerIp: generous,
        mailPerEmail: generous,
      },
    },
  });
});
afterAll(() => harness.close());

const siteId = (name: string) => {
  const id = harness.app.sites.byName.get(name)?.id;
  if (id === undefined) throw new Error(`no site ${name}`);
  return id;
};

/** A journalist whose only consent is for the notice of 2024 (an older version). */
async function journalistWithOldConsent(email: string): Promise<TestUser> {
  const user = await createUser(harness.app, { email });
  await harness.db.insert(consents).values({
    userId: user.id,
    acceptedAt: new Date('2024-05-01T10:00:00Z'),
    pressGroupId: siteId('Tile Fair'),
    noticeVersion: '20240101',
    language: 'en',
  });
  return user;
}

const signIn = (user: TestUser) =>
  harness.app.inject({
    method: 'POST',
    url: apiPaths.tokenAuth,
    payload: { email: user.email, password: user.password },
  });

const consentRowsOf = (userId: number) =>
  harness.db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id));

describe('consent to a new privacy notice', () => {
  it('asks a user whose latest consent is for an older notice, until they accept the current one', async () => {
    const user = await journalistWithOldConsent('old.consent@example.test');
    const first = await signIn(user);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.consent_required).toBe(true);
    const refreshed = await harness.app.inject({
      method: 'POST',
      url: apiPaths.tokenRefresh,
      payload: { token: first.json().token },
    });
    expect(refreshed.json().user.consent_required).toBe(true);
    const token = first.json().token;
    const profile = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: authHeader(token),
    });
    expect(profile.json()).toMatchObject({ consent_required: true, consent: { version: '20240101' } });

    const accepted = await harness.app.inject({
      method: 'POST',
      url: apiPaths.consent,
      headers: { ...authHeader(token), host: 'association.localhost', 'accept-language': 'it' },
      payload: { accept: true, version: '20261126' },
    });
    expect(accepted.statusCode).toBe(200);
    const now = harness.clock.now().toISOString();
    expect(accepted.json()).toMatchObject({
      detail: 'Grazie. Il tuo consenso all’informativa privacy è stato registrato.',
      consent: { version: '20261126', accepted_at: now, language: 'it', site: 'Ceramics Association' },
      user: { id: user.id, email: user.email, consent_required: false },
    });
    expect(await consentRowsOf(user.id)).toEqual([
      expect.objectContaining({ noticeVersion: '20240101' }),
      {
        id: expect.any(Number),
        userId: user.id,
        acceptedAt: harness.clock.now(),
        pressGroupId: siteId('Ceramics Association'),
        noticeVersion: '20261126',
        language: 'it',
      },
    ]);

    expect((await signIn(user)).json().user.consent_required).toBe(false);
    const after = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: authHeader(token),
    });
    expect(after.json()).toMatchObject({
      consent_required: false,
      consent: { version: '20261126', site: 'Ceramics Association', language: 'it' },
    });
  });

  it('asks a user who accepted the notice of 20250604 again at sign-in, now that it says what is counted (20261126)', async () => {
    const user = await createUser(harness.app, { email: 'accepted.june.2025@example.test' });
    await harness.db.insert(consents).values({
      userId: user.id,
      acceptedAt: new Date('2025-07-01T08:30:00Z'),
      pressGroupId: siteId('Tile Fair'),
      noticeVersion: '20250604',
      language: 'en',
    });
    const signedIn = await signIn(user);
    expect(signedIn.json().user.consent_required).toBe(true);
    const headers = authHeader(signedIn.json().token);
    const stale = await harness.app.inject({
      method: 'POST',
      url: apiPaths.consent,
      headers,
      payload: { accept: true, version: '20250604' },
    });
    expect(stale.statusCode).toBe(400);
    const accepted = await harness.app.inject({
      method: 'POST',
      url: apiPaths.consent,
      headers,
      payload: { accept: true, version: '20261126' },
    });
    expect(accepted.json()).toMatchObject({
      consent: { version: '20261126', accepted_at: harness.clock.now().toISOString() },
      user: { consent_required: false },
    });
    expect((await consentRowsOf(user.id)).map((row) => row.noticeVersion)).toEqual(['20250604', '20261126']);
    expect((await signIn(user)).json().user.consent_required).toBe(false);
  });

  it('does not ask an account that never consented (staff made by an administrator)', async () => {
    const staff = await createUser(harness.app, { roles: ['administrator_press_room'] });
    expect((await signIn(staff)).json().user.consent_required).toBe(false);
  });

  it('refuses a consent to a notice version that is no longer current and records nothing', async () => {
    const user = await journalistWithOldConsent('stale.client@example.test');
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.consent,
      headers: authHeader(await tokenFor(harness.app, user)),
      payload: { accept: true, version: '20240101' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      version: [
        'The privacy notice has changed in the meantime. Please read the current version and accept it again.',
      ],
    });
    expect(await consentRowsOf(user.id)).toHaveLength(1);
  });

  it('requires accepting, and a signed-in user', async () => {
    const user = await journalistWithOldConsent('no.accept@example.test');
    const refused = await harness.app.inject({
      method: 'POST',
      url: apiPaths.consent,
      headers: { ...authHeader(await tokenFor(harness.app, user)), 'accept-language': 'it' },
      payload: { accept: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ accept: ['Devi accettare'] });
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: apiPaths.consent,
      payload: { accept: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await consentRowsOf(user.id)).toHaveLength(1);
  });
});

describe('data download', () => {
  it('answers every stored record of the user as a JSON attachment, without the password hash', async () => {
    const user = await journalistWithOldConsent('export.me@example.test');
    const other = await createUser(harness.app, { email: 'someone.else@example.test' });
    await harness.db.insert(consents).values({
      userId: user.id,
      acceptedAt: new Date('2025-07-01T08:30:00Z'),
      pressGroupId: siteId('Ceramics Association'),
      noticeVersion: '20261126',
      language: 'fr',
    });
    const sentAt = new Date('2026-05-20T12:00:00Z');
    for (const [sender, subject] of [
      [user, 'Interview request'],
      [other, 'Not mine'],
    ] as const) {
      await harness.db.insert(contactMessages).values({
        userId: sender.id,
        pressGroupId: siteId('Tile Fair'),
        senderName: `${sender.firstName} ${sender.lastName}`,
        senderEmail: sender.email,
        subject,
        message: 'May I interview the president?',
        language: 'en',
        createdAt: sentAt,
      });
    }
    await harness.db.insert(errorReports).values({
      createdAt: sentAt,
      level: 'warning',
      message: 'TypeError: x is undefined',
      comments: 'The gallery did not open',
      language: 'en',
      site: 'Tile Fair',
      userId: user.id,
    });

    const response = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profileExport,
      headers: authHeader(await tokenFor(harness.app, user)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="press-room-data-${user.id}-2026-06-01.json"`,
    );
    const body = response.json();
    expect(body.exported_at).toBe(harness.clock.now().toISOString());
    expect(body.privacy_notice_version).toBe('20261126');
    expect(body.profile).toMatchObject({
      id: user.id,
      email: 'export.me@example.test',
      first_name: user.firstName,
      groups: [{ id: expect.any(Number), name: 'user_press_room' }],
      consent_required: false,
    });
    expect(body.account).toEqual({
      is_active: true,
      email_verified_at: harness.clock.now().toISOString(),
      accreditation: 'approved',
      last_login: null,
      press_data_restricted_at: null,
    });
    expect(body.company).toBeNull();
    expect(body.consents).toEqual([
      { version: '20240101', accepted_at: '2024-05-01T10:00:00.000Z', language: 'en', site: 'Tile Fair' },
      {
        version: '20261126',
        accepted_at: '2025-07-01T08:30:00.000Z',
        language: 'fr',
        site: 'Ceramics Association',
      },
    ]);
    expect(body.contact_messages).toEqual([
      {
        id: expect.any(Number),
        site: 'Tile Fair',
        sender_name: `${user.firstName} ${user.lastName}`,
        sender_email: 'export.me@example.test',
        subject: 'Interview request',
        message: 'May I interview the president?',
        language: 'en',
        created_at: '2026-05-20T12:00:00.000Z',
      },
    ]);
    expect(body.error_reports).toEqual([
      expect.objectContaining({ message: 'TypeError: x is undefined', comments: 'The gallery did not open' }),
    ]);
    const [row] = await harness.db.select().from(users).where(eq(users.id, user.id));
    expect(response.body).not.toContain(row.passwordHash);
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toMatch(/password/i);
    expect(response.body).not.toContain('someone.else@example.test');
  });

  it('is refused without a token', async () => {
    const response = await harness.app.inject({ method: 'GET', url: apiPaths.profileExport });
    expect(response.statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  const remove = (token: string, payload: unknown, language = 'en') =>
    harness.app.inject({
      method: 'DELETE',
      url: apiPaths.profile,
      headers: { ...authHeader(token), 'accept-language': language },
      payload: payload as object,
    });

  it('with a wrong or missing password changes nothing', async () => {
    const user = await journalistWithOldConsent('keep.me@example.test');
    const token = await tokenFor(harness.app, user);
    const wrong = await remove(token, { password: 'Not_my_password1' }, 'it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['La password attuale non è corretta.'] });
    const missing = await remove(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: ['Password required'] });

    expect(await harness.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await consentRowsOf(user.id)).toHaveLength(1);
    const profile = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: authHeader(token),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('deletes the user and their records, and earlier tokens are refused afterwards', async () => {
    const user = await journalistWithOldConsent('delete.me@example.test');
    const bystander = await createUser(harness.app, { email: 'bystander@example.test' });
    await harness.db.insert(contactMessages).values({
      userId: user.id,
      pressGroupId: siteId('Tile Fair'),
      senderName: 'Delete Me',
      senderEmail: user.email,
      subject: 'Hello',
      message: 'Hello there',
      language: 'en',
      createdAt: harness.clock.now(),
    });
    const token = await tokenFor(harness.app, user);

    const response = await remove(token, { password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Your account and your data have been deleted.' });

    expect(await harness.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await consentRowsOf(user.id)).toEqual([]);
    expect(await harness.db.select().from(userRoleGroups).where(eq(userRoleGroups.userId, user.id))).toEqual(
      [],
    );
    expect(
      await harness.db.select().from(contactMessages).where(eq(contactMessages.senderEmail, user.email)),
    ).toEqual([]);
    expect(await harness.db.select().from(users).where(eq(users.id, bystander.id))).toHaveLength(1);

    const profile = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: authHeader(token),
    });
    expect(profile.statusCode).toBe(401);
    const refresh = await harness.app.inject({
      method: 'POST',
      url: apiPaths.tokenRefresh,
      payload: { token },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toEqual({ non_field_errors: ["User doesn't exist."] });
    expect((await signIn(user)).statusCode).toBe(400);
  });
});
