import { apiPaths } from '@pressroom/contract';
import { users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../lib/tokens.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { harness, post, seconds, useAccountTestApp } from './account-test-setup.ts';
import { linkFields, queuedMails } from './test-helpers.ts';

useAccountTestApp();

describe('token-auth', () => {
  it('signs in with e-mail and password and answers the token and the user', async () => {
    const user = await createUser(harness.app, {
      email: 'signin@example.test',
      firstName: 'Sara',
      lastName: 'Rossi',
      language: 'it',
      roles: ['user_press_room'],
    });
    const response = await post(apiPaths.tokenAuth, {
      email: 'signin@example.test',
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      id: user.id,
      email: 'signin@example.test',
      first_name: 'Sara',
      last_name: 'Rossi',
      user_type: 'USER',
      language: 'it',
      groups: [{ id: expect.any(Number), name: 'user_press_room' }],
      permissions: ['press_area.access'],
      company_id: null,
      consent_required: false,
    });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({
      user_id: user.id,
      email: 'signin@example.test',
      orig_iat: seconds(),
      exp: seconds() + harness.config.accessTokenLifetime,
    });
    const [row] = await harness.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLogin?.toISOString()).toBe(harness.clock.now().toISOString());
  });

  it('accepts a form-encoded body with username as the e-mail, in any letter case', async () => {
    const user = await createUser(harness.app, { email: 'Form.User@example.test' });
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.tokenAuth,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=form.user%40EXAMPLE.test&password=${encodeURIComponent(user.password)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('names each missing field', async () => {
    const response = await post(apiPaths.tokenAuth, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: ['Password required'] });
    const noEmail = await post(apiPaths.tokenAuth, { password: 'whatever' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ email: ['E-mail required'] });
  });

  it('answers values of the wrong type and unreadable bodies with 400, never 500', async () => {
    const wrongTypes = await post(apiPaths.tokenAuth, { email: 5, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toEqual({ email: ['E-mail not valid'], password: ['Password required'] });
    const unreadable = await harness.app.inject({
      method: 'POST',
      url: apiPaths.tokenAuth,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ detail: 'The request could not be read.' });
  });

  it('refuses a wrong password, an unknown e-mail and a switched-off account with one message', async () => {
    const active = await createUser(harness.app, { email: 'wrongpass@example.test' });
    const unverified = await createUser(harness.app, { email: 'unverified@example.test', active: false });
    const switchedOff = await createUser(harness.app, { email: 'switched.off@example.test' });
    await harness.db.update(users).set({ isActive: false }).where(eq(users.id, switchedOff.id));
    const attempts = [
      { email: active.email, password: 'Not_the_password1' },
      { email: 'nobody@example.test', password: 'Ceramics_2026' },
      // An unverified address with a wrong password says nothing more either.
      { email: unverified.email, password: 'Not_the_password1' },
      { email: switchedOff.email, password: switchedOff.password },
    ];
    for (const attempt of attempts) {
      const response = await post(apiPaths.tokenAuth, attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
  });

  it('tells the owner of an unverified address, once the password is right, and changes nothing', async () => {
    const unverified = await createUser(harness.app, { email: 'not.yet@example.test', active: false });
    const response = await post(apiPaths.tokenAuth, {
      email: unverified.email,
      password: unverified.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [
        'Your e-mail address is not verified yet: follow the link we sent you, or ask for a new one below.',
      ],
      code: 'email_not_verified',
    });
    const [row] = await harness.db.select().from(users).where(eq(users.id, unverified.id));
    expect(row.lastLogin).toBeNull();
  });

  it('tells a journalist waiting for accreditation since when, in their language', async () => {
    const waiting = await createUser(harness.app, { email: 'waiting@example.test', roles: [] });
    await harness.db
      .update(users)
      .set({ accreditation: 'pending', emailVerifiedAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(users.id, waiting.id));
    const response = await post(
      apiPaths.tokenAuth,
      { email: waiting.email, password: waiting.password },
      { 'accept-language': 'it' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      non_field_errors: [
        "La tua richiesta di accredito, ricevuta il 20 novembre 2026, è all'esame dell'ufficio stampa. Riceverai un'e-mail appena sarà decisa.",
      ],
      code: 'accreditation_pending',
    });
  });

  it('refuses an account in no group that may enter, on the server; back-office roles still sign in', async () => {
    const nobody = await createUser(harness.app, { email: 'no.group@example.test', roles: [] });
    const refused = await post(apiPaths.tokenAuth, { email: nobody.email, password: nobody.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      non_field_errors: ['You are not allowed to access'],
      code: 'not_permitted',
    });
    const companies = await createUser(harness.app, {
      email: 'companies.admin@example.test',
      roles: ['administrator_associated_companies'],
    });
    const admitted = await post(apiPaths.tokenAuth, { email: companies.email, password: companies.password });
    expect(admitted.statusCode).toBe(200);
  });

  it('speaks Italian when Accept-Language asks for it', async () => {
    const response = await post(
      apiPaths.tokenAuth,
      { email: 'nobody@example.test', password: 'x' },
      { 'accept-language': 'it' },
    );
    expect(response.json()).toEqual({
      non_field_errors: ['Impossibile accedere con le credenziali fornite.'],
    });
  });
});

describe('token-refresh', () => {
  it('issues a new token that keeps the original orig_iat', async () => {
    const user = await createUser(harness.app);
    const first = await post(apiPaths.tokenAuth, { email: user.email, password: user.password });
    const originalIat = decodeJwt(first.json().token).orig_iat;
    harness.clock.advance(600);
    const response = await post(apiPaths.tokenRefresh, { token: first.json().token });
    expect(response.statusCode).toBe(200);
    const claims = decodeJwt(response.json().token);
    expect(claims.orig_iat).toBe(originalIat);
    expect(claims.exp).toBe(seconds() + harness.config.accessTokenLifetime);
    expect(response.json().user.id).toBe(user.id);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(harness.app);
    const token = await tokenFor(harness.app, user);
    harness.clock.advance(harness.config.accessTokenLifetime + 1);
    const response = await post(apiPaths.tokenRefresh, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['Signature has expired.'] });
  });

  it('refuses garbage and a missing token', async () => {
    const garbage = await post(apiPaths.tokenRefresh, { token: 'garbage' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ non_field_errors: ['Error decoding signature.'] });
    const missing = await post(apiPaths.tokenRefresh, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ token: ['Field required'] });
  });

  it('refuses the token of a user that no longer exists', async () => {
    const user = await createUser(harness.app);
    const token = await tokenFor(harness.app, user);
    await harness.db.delete(users).where(eq(users.id, user.id));
    const response = await post(apiPaths.tokenRefresh, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ["User doesn't exist."] });
  });

  it('refuses once the refresh window is over, even with an unexpired token', async () => {
    const user = await createUser(harness.app);
    const windowStart = seconds() - harness.config.refreshWindow - 1;
    const token = await issueToken(harness.config, harness.clock.now(), user, windowStart);
    const response = await post(apiPaths.tokenRefresh, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['Refresh has expired.'] });

    const lastSecond = await issueToken(harness.config, harness.clock.now(), user, windowStart + 1);
    expect((await post(apiPaths.tokenRefresh, { token: lastSecond })).statusCode).toBe(200);
  });
});

describe('send-reset-password-link and reset-password', () => {
  it('answers the same whether or not the address exists', async () => {
    const user = await createUser(harness.app, { email: 'forgetful@example.test', language: 'it' });
    for (const email of ['forgetful@example.test', 'ghost@example.test']) {
      const response = await post(apiPaths.sendResetPasswordLink, { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        detail: 'If an account exists for this address, a reset link has been sent.',
      });
    }
    expect(await queuedMails(harness.app, 'ghost@example.test')).toEqual([]);
    const [mail] = await queuedMails(harness.app, user.email);
    expect(mail.subject).toBe('Reimposta la tua password - Tile Fair');
    expect(mail.textBody).toContain(
      `https://press.example.test/#/account/reset-password/user_id=${user.id}&`,
    );
  });

  it("takes django-rest-registration's `login` field for the address, and links to the asking site", async () => {
    const user = await createUser(harness.app, { email: 'old.client@example.test' });
    const response = await post(
      apiPaths.sendResetPasswordLink,
      { login: 'Old.Client@example.test' },
      { host: 'association.localhost' },
    );
    expect(response.statusCode).toBe(200);
    const [mail] = await queuedMails(harness.app, user.email);
    expect(mail.subject).toBe('Reset your password - Ceramics Association');
    expect(mail.textBody).toContain(
      `https://association.localhost/#/account/reset-password/user_id=${user.id}&`,
    );
    const missing = await post(apiPaths.sendResetPasswordLink, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: ['E-mail required'] });
  });

  it('sets the new password once; the link then dies and earlier tokens are refused', async () => {
    const user = await createUser(harness.app, { email: 'reset.me@example.test' });
    const earlierToken = await tokenFor(harness.app, user);
    await post(apiPaths.sendResetPasswordLink, { email: user.email });
    const [mail] = await queuedMails(harness.app, user.email);
    const link = linkFields(mail.textBody);

    const reset = await post(apiPaths.resetPassword, {
      ...link,
      password: 'Brand_new_2026',
      password_confirm: 'Brand_new_2026',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ detail: 'Your password has been reset. You can now sign in.' });

    const again = await post(apiPaths.resetPassword, { ...link, password: 'Another_one_2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid signature' });

    const earlier = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: authHeader(earlierToken),
    });
    expect(earlier.statusCode).toBe(401);
    expect((await post(apiPaths.tokenAuth, { email: user.email, password: user.password })).statusCode).toBe(
      400,
    );
    expect(
      (await post(apiPaths.tokenAuth, { email: user.email, password: 'Brand_new_2026' })).statusCode,
    ).toBe(200);
  });

  it('refuses a reset link older than a day', async () => {
    const user = await createUser(harness.app, { email: 'slow.reset@example.test' });
    await post(apiPaths.sendResetPasswordLink, { email: user.email });
    const [mail] = await queuedMails(harness.app, user.email);
    harness.clock.advance(86_400 + 1);
    const response = await post(apiPaths.resetPassword, {
      ...linkFields(mail.textBody),
      password: 'Brand_new_2026',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'This link has expired. Ask for a new one.' });
  });

  it('applies the password rule to the new password', async () => {
    const user = await createUser(harness.app, { email: 'weak.reset@example.test' });
    await post(apiPaths.sendResetPasswordLink, { email: user.email });
    const [mail] = await queuedMails(harness.app, user.email);
    const response = await post(apiPaths.resetPassword, {
      ...linkFields(mail.textBody),
      password: 'alllowercase_1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: ['Must have at least one capital letter'] });
  });
});

describe('change-password', () => {
  it('needs a signed-in user', async () => {
    const response = await post(apiPaths.changePassword, {
      old_password: 'x',
      password: 'Brand_new_2026',
      password_confirm: 'Brand_new_2026',
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('JWT realm="api"');
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const user = await createUser(harness.app);
    const token = await tokenFor(harness.app, user);
    const response = await post(
      apiPaths.changePassword,
      { old_password: 'Wrong_password_1', password: 'Brand_new_2026', password_confirm: 'Brand_new_2026' },
      authHeader(token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ old_password: ['The current password is not correct.'] });
    expect((await post(apiPaths.tokenAuth, { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('changes the password, refuses tokens issued before (even in the same second) and returns a fresh one', async () => {
    const user = await createUser(harness.app);
    const before = await post(apiPaths.tokenAuth, { email: user.email, password: user.password });
    const earlierToken = before.json().token;
    // The clock does not move: the earlier token and the change share the same second.
    const response = await post(
      apiPaths.changePassword,
      { old_password: user.password, password: 'Brand_new_2026', password_confirm: 'Brand_new_2026' },
      authHeader(earlierToken),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Your password has been changed.', token: expect.any(String) });

    const profileWith = (token: string) =>
      harness.app.inject({ method: 'GET', url: apiPaths.profile, headers: authHeader(token) });
    const refused = await profileWith(earlierToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Error decoding signature.' });
    expect((await post(apiPaths.tokenRefresh, { token: earlierToken })).json()).toEqual({
      non_field_errors: ['Error decoding signature.'],
    });
    expect((await profileWith(response.json().token)).statusCode).toBe(200);
    expect(
      (await post(apiPaths.tokenAuth, { email: user.email, password: 'Brand_new_2026' })).statusCode,
    ).toBe(200);
  });

  it('checks that the confirmation matches', async () => {
    const user = await createUser(harness.app);
    const response = await post(
      apiPaths.changePassword,
      { old_password: user.password, password: 'Brand_new_2026', password_confirm: 'Brand_new_2027' },
      authHeader(await tokenFor(harness.app, user)),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password_confirm: ['The passwords do not match'] });
  });
});
