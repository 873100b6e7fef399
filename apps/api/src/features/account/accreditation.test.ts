import { apiPaths } from '@pressroom/contract';
import { userRoleGroups, users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { linkFields, queuedMails, registrationBody } from './test-helpers.ts';

describe('verification when the site accredits journalists by hand', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ config: { mailPollInterval: 0, accreditationMode: 'manual' } });
  });
  afterAll(() => harness.close());

  it('verifies the e-mail but leaves the account waiting for the press office, in no group', async () => {
    const registered = await harness.app.inject({
      method: 'POST',
      url: apiPaths.register,
      payload: registrationBody({ email: 'waiting@example.test' }),
    });
    const id = registered.json().id;
    const [mail] = await queuedMails(harness.app, 'waiting@example.test');
    const link = linkFields(mail.textBody);

    for (const language of ['en', 'it']) {
      const response = await harness.app.inject({
        method: 'POST',
        url: apiPaths.verifyRegistration,
        payload: link,
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        detail:
          language === 'en'
            ? 'Your e-mail is verified. The press office will review your accreditation.'
            : "La tua e-mail è verificata. L'ufficio stampa esaminerà il tuo accredito.",
      });
    }

    const [row] = await harness.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ isActive: true, accreditation: 'pending' });
    expect(row.emailVerifiedAt).toEqual(harness.clock.now());
    expect(await harness.db.select().from(userRoleGroups).where(eq(userRoleGroups.userId, id))).toEqual([]);

    // The press office hears of the request once, although the link was followed twice.
    const notices = await queuedMails(harness.app, harness.config.pressOfficeEmail);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe('[Press room] Accreditation request from Ada Ceramista');
    expect(notices[0].headers).toEqual({ 'Reply-To': 'waiting@example.test' });
    expect(notices[0].textBody).toContain(
      'Ada Ceramista (waiting@example.test) has verified their e-mail address on Tile Fair and is waiting for your approval.',
    );
    expect(notices[0].textBody).toContain(
      'Newspaper: Tile Weekly. Publishing house: Clay Media. Country: Italy.',
    );
  });
});

describe('verification when journalists are accredited automatically', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ config: { mailPollInterval: 0, accreditationMode: 'auto' } });
  });
  afterAll(() => harness.close());

  it('does not mail the press office', async () => {
    await harness.app.inject({
      method: 'POST',
      url: apiPaths.register,
      payload: registrationBody({ email: 'straight.in@example.test' }),
    });
    const [mail] = await queuedMails(harness.app, 'straight.in@example.test');
    const verified = await harness.app.inject({
      method: 'POST',
      url: apiPaths.verifyRegistration,
      payload: linkFields(mail.textBody),
    });
    expect(verified.statusCode).toBe(200);
    expect(await queuedMails(harness.app, harness.config.pressOfficeEmail)).toEqual([]);
  });
});

describe('accreditation by hand on the second site', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  const association = { host: 'association.localhost' };
  beforeAll(async () => {
    harness = await createTestApp({
      config: {
        mailPollInterval: 0,
        accreditationMode: 'manual',
        publicUrl: 'https://press.example.test',
        // The association's site is reached at an address of its own, not at PUBLIC_URL nor its hostname.
        sites: [
          { hostname: 'fair.localhost', name: 'Tile Fair' },
          {
            hostname: 'association.localhost',
            name: 'Ceramics Association',
            publicUrl: 'https://press.ceramics.example',
          },
        ],
        defaultSite: 'Tile Fair',
      },
    });
  });
  afterAll(() => harness.close());

  it("names the site the journalist signed up on, and links its own address, in the press office's notice and the approval mail", async () => {
    const registered = await harness.app.inject({
      method: 'POST',
      url: apiPaths.register,
      headers: association,
      payload: registrationBody({ email: 'second.site@example.test' }),
    });
    expect(registered.statusCode).toBe(201);
    const [verification] = await queuedMails(harness.app, 'second.site@example.test');
    expect(verification.textBody).toContain('https://press.ceramics.example/');
    const verified = await harness.app.inject({
      method: 'POST',
      url: apiPaths.verifyRegistration,
      headers: association,
      payload: linkFields(verification.textBody),
    });
    expect(verified.statusCode).toBe(200);

    const [notice] = await queuedMails(harness.app, harness.config.pressOfficeEmail);
    expect(notice.textBody).toContain(
      'Ada Ceramista (second.site@example.test) has verified their e-mail address on Ceramics Association and is waiting for your approval.',
    );
    expect(notice.textBody).toContain('https://press.ceramics.example/');
    expect(notice.textBody).not.toContain('https://press.example.test');
    expect(notice.textBody).not.toContain('Tile Fair');

    // The press office decides from its back office on the first site.
    const office = await createUser(harness.app, { roles: ['administrator_press_room'] });
    const approved = await harness.app.inject({
      method: 'POST',
      url: apiPaths.accreditationApprove(registered.json().id),
      headers: { host: 'fair.localhost', ...authHeader(await tokenFor(harness.app, office)) },
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    const [, approval] = await queuedMails(harness.app, 'second.site@example.test');
    expect(approval.subject).toBe('Your press accreditation has been approved - Ceramics Association');
    expect(approval.textBody).toContain('https://press.ceramics.example/#/account/login');
    expect(approval.textBody).not.toContain('https://press.example.test');
    expect(approval.textBody).not.toContain('Tile Fair');
    expect(approval.htmlBody).toContain('href="https://press.ceramics.example/#/account/login"');
  });
});
