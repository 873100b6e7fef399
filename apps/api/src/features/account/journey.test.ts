import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader } from '../../test-support/factories.ts';
import {
  freePort,
  type ReceivedMail,
  startSmtpServer,
  type TestSmtpServer,
} from '../../test-support/smtp.ts';
import { registrationBody } from './test-helpers.ts';

/** What the web client does with a mailed link: read the three fields after the route. */
function fieldsOfLink(url: string, route: string, origin: string) {
  const prefix = `${origin}/#/account/${route}/`;
  expect(url.startsWith(prefix)).toBe(true);
  const params = new URLSearchParams(url.slice(prefix.length));
  return {
    user_id: Number(params.get('user_id')),
    timestamp: Number(params.get('timestamp')),
    signature: String(params.get('signature')),
  };
}

describe('the account journey over a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort('127.0.0.1');
    // The SMTP server is not up yet: registration must still succeed and the mail must wait in the queue.
    harness = await createTestApp({
      config: {
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        mailPollInterval: 0,
        publicUrl: 'https://press.example.test',
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await smtp?.stop();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url, payload, headers });
  const profileWith = (token: string) =>
    harness.app.inject({ method: 'GET', url: apiPaths.profile, headers: authHeader(token) });
  const mailTo = async (email: string, subject: string): Promise<ReceivedMail> => {
    const report = await harness.app.mail.deliverDue();
    expect(report.failed).toBe(0);
    return smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === subject, 10_000);
  };

  it('registers while SMTP is down, delivers once it is up, then signs in, changes and resets the password', async () => {
    const email = 'journey@example.test';
    const registered = await post(apiPaths.register, registrationBody({ email, language: 'it' }), {
      host: 'association.localhost',
    });
    expect(registered.statusCode).toBe(201);

    const down = await harness.app.mail.deliverDue();
    expect(down).toEqual({ sent: 0, failed: 1 });

    smtp = await startSmtpServer({ port: smtpPort });
    harness.clock.advance(60);
    const verification = await mailTo(email, 'Conferma il tuo indirizzo e-mail - Ceramics Association');
    expect(verification.text).toContain('Ceramics Association');
    expect(verification.html).toContain('Conferma indirizzo e-mail');
    expect(verification.html).toContain('lang="it"');

    // Before the link is followed the account cannot sign in.
    const tooEarly = await post(apiPaths.tokenAuth, { email, password: 'Ceramics_2026' });
    expect(tooEarly.statusCode).toBe(400);

    const verified = await post(
      apiPaths.verifyRegistration,
      // The link leads to the site the journalist signed up on (PUBLIC_URL's scheme, that site's hostname).
      fieldsOfLink(verification.links[0], 'verify-account', 'https://association.localhost'),
    );
    expect(verified.statusCode).toBe(200);

    const signIn = await post(apiPaths.tokenAuth, { email, password: 'Ceramics_2026' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.groups.map((group: { name: string }) => group.name)).toEqual([
      'user_press_room',
    ]);

    harness.clock.advance(20 * 60);
    const refreshed = await post(apiPaths.tokenRefresh, { token: signIn.json().token });
    expect(refreshed.statusCode).toBe(200);
    const earlierToken = refreshed.json().token as string;
    expect((await profileWith(earlierToken)).statusCode).toBe(200);

    const changed = await post(
      apiPaths.changePassword,
      { old_password: 'Ceramics_2026', password: 'Second_pass_1', password_confirm: 'Second_pass_1' },
      authHeader(earlierToken),
    );
    expect(changed.statusCode).toBe(200);
    expect((await profileWith(earlierToken)).statusCode).toBe(401);
    expect((await profileWith(changed.json().token)).statusCode).toBe(200);

    const asked = await post(apiPaths.sendResetPasswordLink, { email });
    expect(asked.statusCode).toBe(200);
    const resetMail = await mailTo(email, 'Reimposta la tua password - Tile Fair');
    // Asked on a hostname no site names: the link goes to PUBLIC_URL.
    const link = fieldsOfLink(resetMail.links[0], 'reset-password', 'https://press.example.test');

    const reset = await post(apiPaths.resetPassword, {
      ...link,
      password: 'Third_pass_1',
      password_confirm: 'Third_pass_1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await profileWith(changed.json().token)).statusCode).toBe(401);

    const reused = await post(apiPaths.resetPassword, {
      ...link,
      password: 'Fourth_pass_1',
      password_confirm: 'Fourth_pass_1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'Invalid signature' });

    expect((await post(apiPaths.tokenAuth, { email, password: 'Second_pass_1' })).statusCode).toBe(400);
    expect((await post(apiPaths.tokenAuth, { email, password: 'Third_pass_1' })).statusCode).toBe(200);
  });
});
