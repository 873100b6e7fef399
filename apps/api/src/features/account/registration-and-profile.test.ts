import { apiPaths } from '@pressroom/contract';
import { consents, userRoleGroups, users } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { harness, post, seconds, useAccountTestApp } from './account-test-setup.ts';
import { linkFields, queuedMails, registrationBody } from './test-helpers.ts';

useAccountTestApp();

async function registerAndVerify(email: string, overrides: Record<string, unknown> = {}) {
  const registered = await post(apiPaths.register, registrationBody({ email, ...overrides }));
  expect(registered.statusCode).toBe(201);
  const [mail] = await queuedMails(harness.app, email);
  const verified = await post(apiPaths.verifyRegistration, linkFields(mail.textBody));
  expect(verified.statusCode).toBe(200);
  return registered.json().id as number;
}

describe('register', () => {
  it('creates an inactive account with its press data, consent and verification mail', async () => {
    const response = await post(
      apiPaths.register,
      registrationBody({ email: 'new.journalist@example.test' }),
      {
        'accept-language': 'it',
      },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      email: 'new.journalist@example.test',
      first_name: 'Ada',
      last_name: 'Ceramista',
    });
    const [row] = await harness.db.select().from(users).where(eq(users.id, body.id));
    expect(row).toMatchObject({
      isActive: false,
      emailVerifiedAt: null,
      language: 'en',
      qualify: 'journalist',
      publishingHouse: 'Clay Media',
      newspaper: 'Tile Weekly',
      mediaType: 'magazines',
      periodicity: 'weekly_monthly',
      printingCopies: 5000,
      sector: 'design',
      cap: '41049',
      province: 'MO',
      country: 'IT',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const consentRows = await harness.db.select().from(consents).where(eq(consents.userId, body.id));
    expect(consentRows).toEqual([
      {
        id: expect.any(Number),
        userId: body.id,
        acceptedAt: harness.clock.now(),
        pressGroupId: harness.app.sites.byName.get('Tile Fair')?.id,
        noticeVersion: '20261126',
        language: 'it',
      },
    ]);
    const mails = await queuedMails(harness.app, 'new.journalist@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm your e-mail address - Tile Fair');
    expect(mails[0].textBody).toContain(
      `https://press.example.test/#/account/verify-account/user_id=${body.id}&timestamp=${seconds()}&signature=`,
    );
    expect(mails[0].htmlBody).toContain('Confirm e-mail address');
  });

  it('writes the mail in the chosen language with the name of the site the request came from', async () => {
    await post(apiPaths.register, registrationBody({ email: 'italiano@example.test', language: 'it' }), {
      host: 'association.localhost:3000',
    });
    const [mail] = await queuedMails(harness.app, 'italiano@example.test');
    expect(mail.subject).toBe('Conferma il tuo indirizzo e-mail - Ceramics Association');
    expect(mail.textBody).toContain(
      'Grazie per esserti registrato alla sala stampa di Ceramics Association.',
    );
  });

  it('refuses an e-mail already taken, compared case-insensitively, and changes nothing', async () => {
    await createUser(harness.app, { email: 'taken@example.test' });
    const before = await harness.db.select({ count: sql<number>`count(*)::int` }).from(users);
    const response = await post(apiPaths.register, registrationBody({ email: 'TAKEN@Example.test' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['A user with that e-mail already exists.'] });
    const after = await harness.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(after[0].count).toBe(before[0].count);
    expect(await queuedMails(harness.app, 'TAKEN@Example.test')).toEqual([]);
  });

  it('applies the password rule and the other checks with translated messages', async () => {
    const response = await post(
      apiPaths.register,
      registrationBody({
        email: 'weak@example.test',
        password: 'short',
        password_confirm: 'different',
        accept: false,
        media_type: 'pigeon',
      }),
      { 'accept-language': 'it' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      password: [
        'Minimo 8 caratteri',
        'Deve contenere almeno una lettera maiuscola',
        'Deve contenere almeno un numero',
        'Deve contenere almeno un carattere speciale [!@#$%_]',
      ],
      accept: ['Devi accettare'],
      media_type: ['Campo richiesto'],
    });
    expect(await queuedMails(harness.app, 'weak@example.test')).toEqual([]);
  });
});

describe('verify-registration', () => {
  it('activates the account and makes the user a journalist of the press room', async () => {
    const response = await post(apiPaths.register, registrationBody({ email: 'verify.me@example.test' }));
    const [mail] = await queuedMails(harness.app, 'verify.me@example.test');
    const verified = await post(apiPaths.verifyRegistration, linkFields(mail.textBody));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ detail: 'Your account has been verified. You can now sign in.' });
    const [row] = await harness.db.select().from(users).where(eq(users.id, response.json().id));
    expect(row.isActive).toBe(true);
    expect(row.emailVerifiedAt).toEqual(harness.clock.now());
    expect(row.accreditation).toBe('approved');
    const signIn = await post(apiPaths.tokenAuth, {
      email: 'verify.me@example.test',
      password: 'Ceramics_2026',
    });
    expect(signIn.json().user.groups.map((group: { name: string }) => group.name)).toEqual([
      'user_press_room',
    ]);
  });

  it('answers the same when the link is followed again, and adds nothing', async () => {
    const id = await registerAndVerify('twice@example.test');
    const [mail] = await queuedMails(harness.app, 'twice@example.test');
    const again = await post(apiPaths.verifyRegistration, linkFields(mail.textBody));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: 'Your account has been verified. You can now sign in.' });
    const memberships = await harness.db.select().from(userRoleGroups).where(eq(userRoleGroups.userId, id));
    expect(memberships).toHaveLength(1);
  });

  it('refuses a tampered link and leaves the account inactive', async () => {
    const response = await post(apiPaths.register, registrationBody({ email: 'tamper@example.test' }));
    const [mail] = await queuedMails(harness.app, 'tamper@example.test');
    const link = linkFields(mail.textBody);
    const tampered = [
      { ...link, signature: `${link.signature.slice(0, -2)}xx` },
      { ...link, timestamp: link.timestamp + 86_400 },
      { ...link, user_id: link.user_id + 1000 },
    ];
    for (const fields of tampered) {
      const refused = await post(apiPaths.verifyRegistration, fields);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: 'Invalid signature' });
    }
    const [row] = await harness.db.select().from(users).where(eq(users.id, response.json().id));
    expect(row.isActive).toBe(false);
  });

  it('refuses a link older than seven days and lets the user ask for a new one', async () => {
    await post(apiPaths.register, registrationBody({ email: 'late@example.test' }));
    const [mail] = await queuedMails(harness.app, 'late@example.test');
    harness.clock.advance(7 * 86_400 + 1);
    const expired = await post(apiPaths.verifyRegistration, linkFields(mail.textBody), {
      'accept-language': 'it',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: 'Questo link è scaduto. Richiedine uno nuovo.' });

    const resent = await post(apiPaths.resendActivationEmail, { email: 'late@example.test' });
    expect(resent.statusCode).toBe(200);
    const mails = await queuedMails(harness.app, 'late@example.test');
    expect(mails).toHaveLength(2);
    expect((await post(apiPaths.verifyRegistration, linkFields(mails[1].textBody))).statusCode).toBe(200);
  });

  it('refuses malformed link fields with field messages', async () => {
    const response = await post(apiPaths.verifyRegistration, { user_id: 'x', timestamp: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      user_id: ['Field not valid'],
      timestamp: ['Field not valid'],
      signature: ['Field required'],
    });
  });
});

describe('resend-activation-email', () => {
  it('answers the same for an unknown, an unverified and a verified address, mailing only the unverified', async () => {
    await post(apiPaths.register, registrationBody({ email: 'pending@example.test' }));
    await registerAndVerify('done@example.test');
    const detail = {
      detail: 'If an unverified account exists for this address, a new verification e-mail has been sent.',
    };
    for (const email of ['unknown@example.test', 'pending@example.test', 'done@example.test']) {
      const response = await post(apiPaths.resendActivationEmail, { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(detail);
    }
    expect(await queuedMails(harness.app, 'unknown@example.test')).toHaveLength(0);
    expect(await queuedMails(harness.app, 'pending@example.test')).toHaveLength(2);
    expect(await queuedMails(harness.app, 'done@example.test')).toHaveLength(1);
  });
});

describe('profile', () => {
  it('shows the user, their groups, press data and consent', async () => {
    const id = await registerAndVerify('profile@example.test', { language: 'it' });
    const signIn = await post(apiPaths.tokenAuth, {
      email: 'profile@example.test',
      password: 'Ceramics_2026',
    });
    const response = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: authHeader(signIn.json().token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      email: 'profile@example.test',
      first_name: 'Ada',
      last_name: 'Ceramista',
      user_type: 'USER',
      language: 'it',
      groups: [{ id: expect.any(Number), name: 'user_press_room' }],
      permissions: ['press_area.access'],
      company_id: null,
      consent_required: false,
      qualify: 'journalist',
      publishing_house: 'Clay Media',
      newspaper: 'Tile Weekly',
      media_type: 'magazines',
      periodicity: 'weekly_monthly',
      printing_copies: 5000,
      sector: 'design',
      cap: '41049',
      province: 'MO',
      country: 'IT',
      country_unmapped: '',
      date_joined: harness.clock.now().toISOString(),
      consent: {
        version: '20261126',
        accepted_at: harness.clock.now().toISOString(),
        language: 'en',
        site: 'Tile Fair',
      },
      coverage_mail: false,
    });
  });

  it('shows a staff account without press data', async () => {
    const admin = await createUser(harness.app, { roles: ['administrator_global'] });
    const response = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: authHeader(await tokenFor(harness.app, admin)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      qualify: null,
      media_type: null,
      sector: null,
      newspaper: '',
      consent: null,
    });
  });

  it('changes only the fields sent and ignores e-mail, id and groups', async () => {
    const id = await registerAndVerify('editor@example.test');
    const signIn = await post(apiPaths.tokenAuth, {
      email: 'editor@example.test',
      password: 'Ceramics_2026',
    });
    const response = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.profile,
      headers: authHeader(signIn.json().token),
      payload: {
        newspaper: 'Ceramic Review',
        printing_copies: null,
        email: 'hijack@example.test',
        id: 1,
        groups: [{ id: 1, name: 'administrator_global' }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      email: 'editor@example.test',
      groups: [{ id: expect.any(Number), name: 'user_press_room' }],
      newspaper: 'Ceramic Review',
      printing_copies: null,
      publishing_house: 'Clay Media',
      cap: '41049',
      periodicity: 'weekly_monthly',
    });
  });

  it('refuses invalid values with field messages and changes nothing', async () => {
    const user = await createUser(harness.app, { firstName: 'Keep' });
    const response = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.profile,
      headers: { ...authHeader(await tokenFor(harness.app, user)), 'accept-language': 'it' },
      payload: { first_name: 'Changed', sector: 'space', language: 'xx' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ sector: ['Campo richiesto'], language: ['Campo non valido'] });
    const [row] = await harness.db.select().from(users).where(eq(users.id, user.id));
    expect(row.firstName).toBe('Keep');
  });

  it('takes the country as a code, refuses an unknown one in the reader language, and settles text kept from before', async () => {
    const user = await createUser(harness.app);
    await harness.db
      .update(users)
      .set({ country: '', countryUnmapped: 'Italie du Nord' })
      .where(eq(users.id, user.id));
    const headers = { ...authHeader(await tokenFor(harness.app, user)), 'accept-language': 'he' };
    const patch = (payload: Record<string, string>) =>
      harness.app.inject({ method: 'PATCH', url: apiPaths.profile, headers, payload });
    const refused = await patch({ country: 'Italia' });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { country: ['מדינה לא מוכרת (יש לציין קוד ISO 3166-1, למשל IT)'] },
    ]);
    const unrelated = (await patch({ province: 'MO' })).json();
    expect([unrelated.country, unrelated.country_unmapped]).toEqual(['', 'Italie du Nord']);
    const chosen = (await patch({ country: 'it' })).json();
    expect([chosen.country, chosen.country_unmapped]).toEqual(['IT', '']);
  });

  it('needs a signed-in user', async () => {
    const response = await harness.app.inject({ method: 'PATCH', url: apiPaths.profile, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
