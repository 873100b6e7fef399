import {
  companies,
  fairEditions,
  mailQueue,
  pressReleases,
  programmeEventReleases,
  programmeEvents,
  releasePreviewInvitations,
} from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUrl, withScope } from '../../lib/signed-urls.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, type TestUser, tokenFor } from '../../test-support/factories.ts';
import { sampleJpeg, temporaryDataDir } from '../../test-support/press-content.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

const host = 'fair.localhost';
const invitationsPath = (id: number) => `/api/press_room/admin/press_release/${id}/previews/`;
const previewPath = (token: string) => `/api/press_room/preview/${token}/`;
const hour = 3600;

describe('embargo previews by invitation', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let data: Awaited<ReturnType<typeof temporaryDataDir>>;
  let fair: number;
  let ownCompany: number;
  let otherCompany: number;
  let pressOffice: TestUser;
  let journalist: TestUser;
  let companyAdmin: TestUser;
  let companyAgent: TestUser;
  let otherAgent: TestUser;

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    options: { as?: TestUser | null; payload?: object; language?: string } = {},
  ) =>
    harness.app.inject({
      method,
      url,
      payload: options.payload,
      headers: {
        host,
        ...(options.as ? authHeader(await tokenFor(harness.app, options.as)) : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
      },
    });

  /** A published release of the company on the fair's site, under embargo for a day from now. */
  async function embargoed(title: string, embargoUntil: Date | null = inHours(24)) {
    const release = await insertRelease(harness.db, {
      status: 'published',
      embargoUntil,
      companyId: ownCompany,
      groups: [fair],
      translations: [
        { language: 'en', title, body: `<p>${title} in full.</p>` },
        { language: 'it', title: `${title} (it)`, body: `<p>${title} per esteso.</p>` },
      ],
    });
    return release.id;
  }

  const inHours = (hours: number) => new Date(harness.clock.now().getTime() + hours * hour * 1000);

  /** The personal link of the last mail to `address`: its token. */
  async function mailedToken(address: string) {
    const mails = await harness.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.toAddress, address))
      .orderBy(asc(mailQueue.id));
    const last = mails.at(-1);
    const token = /\/#\/preview\/([A-Za-z0-9_-]+)/.exec(last?.textBody ?? '')?.[1];
    if (!last || !token) throw new Error(`no preview mail to ${address}`);
    return { token, mail: last, count: mails.length };
  }

  async function invite(releaseId: number, payload: object, as: TestUser = pressOffice) {
    return call('POST', invitationsPath(releaseId), { as, payload });
  }

  beforeAll(async () => {
    data = await temporaryDataDir();
    harness = await createTestApp({ config: { dataDir: data.dir, mailPollInterval: 0 } });
    fair = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
    const [own, other] = await harness.db
      .insert(companies)
      .values([
        { businessName: 'Ceramiche Alfa', pubBusinessName: 'Alfa', matchKey: 'alfa' },
        { businessName: 'Ceramiche Beta', pubBusinessName: 'Beta', matchKey: 'beta' },
      ])
      .returning();
    ownCompany = own.id;
    otherCompany = other.id;
    pressOffice = await createUser(harness.app, { roles: ['administrator_press_room'] });
    journalist = await createUser(harness.app, {
      roles: ['user_press_room'],
      firstName: 'Giulia',
      lastName: 'Verdi',
      email: 'giulia.verdi@example.test',
      language: 'it',
    });
    const company = (
      role: 'agent_press_room_external_company' | 'administrator_press_room_external_company',
      id: number,
    ) => createUser(harness.app, { roles: [role], companyId: id, userType: 'COMPANY' });
    companyAdmin = await company('administrator_press_room_external_company', ownCompany);
    companyAgent = await company('agent_press_room_external_company', ownCompany);
    otherAgent = await company('agent_press_room_external_company', otherCompany);
  });

  afterAll(async () => {
    await harness.close();
    await data.remove();
  });

  beforeEach(() => {
    harness.clock.set(new Date('2026-06-01T09:00:00Z'));
  });

  it('mails the invitee a personal link that opens the release for them, privately, and records the openings', async () => {
    const releaseId = await embargoed('Glazes of tomorrow');
    const invited = await invite(releaseId, {
      email: 'Ann.Reader@Example.test',
      name: 'Ann Reader',
      language: 'fr',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      user: null,
      name: 'Ann Reader',
      email: 'ann.reader@example.test',
      language: 'fr',
      sent_at: '2026-06-01T09:00:00.000Z',
      first_opened_at: null,
      last_opened_at: null,
      open_count: 0,
      revoked_at: null,
    });
    expect(JSON.stringify(invited.json())).not.toMatch(/token/i);

    const { token, mail } = await mailedToken('ann.reader@example.test');
    expect(token).toHaveLength(43);
    expect(mail.subject).toBe('Sous embargo : aperçu de « Glazes of tomorrow »');
    expect(mail.textBody).toContain('Ann Reader');
    const [stored] = await harness.db
      .select()
      .from(releasePreviewInvitations)
      .where(eq(releasePreviewInvitations.pressReleaseId, releaseId));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(token);

    const opened = await call('GET', `${previewPath(token)}?language=en`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    const body = opened.json();
    expect(body.invitee_name).toBe('Ann Reader');
    expect(body.embargo_until).toBe('2026-06-02T09:00:00.000Z');
    expect(body.release).toMatchObject({ id: releaseId, title: 'Glazes of tomorrow' });
    expect(body.release.body).toContain('Glazes of tomorrow in full.');

    harness.clock.advance(2 * hour);
    expect((await call('GET', previewPath(token))).statusCode).toBe(200);
    const [listed] = (await call('GET', invitationsPath(releaseId), { as: pressOffice })).json().results;
    expect(listed).toMatchObject({
      first_opened_at: '2026-06-01T09:00:00.000Z',
      last_opened_at: '2026-06-01T11:00:00.000Z',
      open_count: 2,
    });
  });

  it('loads the pictures through links scoped to the preview, refused to another release and after revocation', async () => {
    const releaseA = await embargoed('Kiln stories');
    const releaseB = await embargoed('Porcelain secrets');
    const jpeg = await sampleJpeg(400, 300);
    const picture = (releaseId: number, name: string) =>
      insertReleaseFile(harness.db, harness.app.storage, {
        releaseId,
        kind: 'image',
        name,
        contentType: 'image/jpeg',
        bytes: jpeg,
        width: 400,
        height: 300,
      });
    await picture(releaseA, 'kiln.jpg');
    const pictureB = await picture(releaseB, 'porcelain.jpg');
    const invited = await invite(releaseA, { email: 'lena@example.test', name: 'Lena', language: 'de' });
    const { token } = await mailedToken('lena@example.test');

    const [image] = (await call('GET', previewPath(token))).json().release.images;
    expect(image.url).toContain(`preview=${invited.json().id}`);
    const served = await call('GET', image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(served.headers['referrer-policy']).toBe('no-referrer');

    // The same scope, signed for release B's picture, serves nothing: the invitation reads release A only.
    const forged = signUrl(
      harness.config.secretKey,
      withScope(`/api/press_room/press_release_file/${pictureB.id}/`, `preview=${invited.json().id}`),
      harness.clock.now(),
      fair,
    );
    expect((await call('GET', forged)).statusCode).toBe(404);
    // And a token of release A opens no other release.
    expect((await call('GET', previewPath(token))).json().release.id).toBe(releaseA);

    const revoked = await call('POST', `${invitationsPath(releaseA)}${invited.json().id}/revoke/`, {
      as: pressOffice,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).toBe('2026-06-01T09:00:00.000Z');
    expect((await call('GET', image.url)).statusCode).toBe(404);
  });

  it('refuses a revoked link, with the private headers still on', async () => {
    const releaseId = await embargoed('Terracotta revival');
    const invited = await invite(releaseId, { email: 'marc@example.test', name: 'Marc', language: 'en' });
    const { token } = await mailedToken('marc@example.test');
    await call('POST', `${invitationsPath(releaseId)}${invited.json().id}/revoke/`, { as: pressOffice });

    const refused = await call('GET', previewPath(token), { language: 'en' });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ detail: 'This preview link has been withdrawn by the press office.' });
    expect(refused.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['referrer-policy']).toBe('no-referrer');
    const [listed] = (await call('GET', invitationsPath(releaseId), { as: pressOffice })).json().results;
    expect(listed.open_count).toBe(0);
  });

  it('hands over to the public page once the embargo has ended', async () => {
    const releaseId = await embargoed('Mosaic days', inHours(3));
    await invite(releaseId, { email: 'sara@example.test', name: 'Sara', language: 'es' });
    const { token } = await mailedToken('sara@example.test');

    harness.clock.advance(3 * hour);
    const ended = await call('GET', `${previewPath(token)}?language=en`, { language: 'en' });
    expect(ended.statusCode).toBe(410);
    const body = ended.json();
    expect(body.detail).toBe('The embargo has ended: the release is now public.');
    expect(body.release_link).toBe(`/#/press-release/${releaseId}`);
    const [{ number }] = await harness.db
      .select({ number: pressReleases.number })
      .from(pressReleases)
      .where(eq(pressReleases.id, releaseId));
    expect(body.page).toBe(`/releases/2026-${number}-mosaic-days`);
    expect(ended.headers['cache-control']).toBe('no-store');
  });

  it('sends an invitation to an account in its language, and refuses it to a browser signed in as someone else', async () => {
    const releaseId = await embargoed('Tiles for the sea');
    const invited = await invite(releaseId, { user: journalist.id, language: 'en' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      user: journalist.id,
      name: 'Giulia Verdi',
      email: 'giulia.verdi@example.test',
      language: 'it',
    });
    const { token, mail } = await mailedToken('giulia.verdi@example.test');
    expect(mail.subject).toBe('Sotto embargo: anteprima di "Tiles for the sea (it)"');

    const someoneElse = await call('GET', previewPath(token), { as: companyAgent, language: 'en' });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().detail).toBe(
      'This preview was sent to someone else. Sign out to open it with the link alone, or sign in as its recipient.',
    );
    expect((await call('GET', previewPath(token), { as: journalist })).statusCode).toBe(200);
    expect((await call('GET', previewPath(token))).statusCode).toBe(200);
  });

  it('keeps one invitation per address, and a new link replaces the one mailed before', async () => {
    const releaseId = await embargoed('Stoneware now');
    await invite(releaseId, { email: 'tom@example.test', name: 'Tom', language: 'en' });
    const first = await mailedToken('tom@example.test');
    const again = await invite(releaseId, { email: 'TOM@example.test', name: 'Tom Baker', language: 'en' });
    expect(again.statusCode).toBe(200);
    const second = await mailedToken('tom@example.test');
    expect(second.count).toBe(2);
    expect(second.token).not.toBe(first.token);

    const listed = (await call('GET', invitationsPath(releaseId), { as: pressOffice })).json().results;
    expect(listed.map((row: { name: string }) => row.name)).toEqual(['Tom Baker']);
    expect((await call('GET', previewPath(first.token), { language: 'en' })).json()).toEqual({
      detail: 'This preview link is not valid.',
    });
    expect((await call('GET', previewPath(second.token))).statusCode).toBe(200);
  });

  it('refuses invitations to a release that is not under embargo, or whose embargo has ended', async () => {
    const open = await embargoed('Out already', null);
    const refused = await call('POST', invitationsPath(open), {
      as: pressOffice,
      payload: { email: 'x@example.test', name: 'X' },
      language: 'en',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail:
        'Only a release under embargo can be previewed: this one is not under embargo, or its embargo has ended.',
    });

    const ending = await embargoed('Ends soon', inHours(1));
    harness.clock.advance(hour);
    expect((await invite(ending, { email: 'x@example.test', name: 'X' })).statusCode).toBe(400);
    const list = (await call('GET', invitationsPath(ending), { as: pressOffice })).json();
    expect(list.previewable).toBe(false);
  });

  it("tells the editor when a release's embargo ends, its own or an event's hold, which the previews panel follows", async () => {
    const own = await embargoed('Own embargo');
    const held = await embargoed('Held by an event', null);
    const open = await embargoed('Open', null);
    const [edition] = await harness.db
      .insert(fairEditions)
      .values({ pressGroupId: fair, name: 'Fair 2026', startsOn: '2026-09-20', endsOn: '2026-09-24' })
      .returning();
    const [event] = await harness.db
      .insert(programmeEvents)
      .values({
        editionId: edition.id,
        type: 'conference',
        status: 'approved',
        title: { en: 'Launch' },
        startsAt: new Date('2026-09-20T08:00:00Z'),
        endsAt: new Date('2026-09-20T09:00:00Z'),
        hall: '5',
      })
      .returning();
    await harness.db
      .insert(programmeEventReleases)
      .values({ eventId: event.id, releaseId: held, releasedAtStart: true });
    const ends = async (id: number) => {
      const release = (
        await call('GET', `/api/press_room/admin/press_release/${id}/`, { as: pressOffice })
      ).json();
      return [release.embargo_until, release.embargo_end];
    };
    expect(await ends(own)).toEqual([inHours(24).toISOString(), inHours(24).toISOString()]);
    expect(await ends(held)).toEqual([null, '2026-09-20T08:00:00.000Z']);
    expect(await ends(open)).toEqual([null, null]);
    const invited = await invite(held, { email: 'early@example.test', name: 'Early Reader' });
    expect(invited.statusCode).toBe(201);
  });

  it('lets only the release editors invite, list and revoke', async () => {
    const releaseId = await embargoed('Editors only');
    const created = await invite(releaseId, { email: 'rights@example.test', name: 'Rights' });
    const revokePath = `${invitationsPath(releaseId)}${created.json().id}/revoke/`;
    const attempts = async (as: TestUser | null) => [
      (await call('GET', invitationsPath(releaseId), { as })).statusCode,
      (
        await call('POST', invitationsPath(releaseId), {
          as,
          payload: { email: 'n@example.test', name: 'N' },
        })
      ).statusCode,
      (await call('POST', revokePath, { as })).statusCode,
      (await call('GET', `${invitationsPath(releaseId)}accounts/?search=verdi`, { as })).statusCode,
    ];
    expect(await attempts(null)).toEqual([401, 401, 401, 401]);
    expect(await attempts(journalist)).toEqual([403, 403, 403, 403]);
    expect(await attempts(otherAgent)).toEqual([404, 404, 404, 404]);
    // An agent's release is out of their hands once published.
    expect(await attempts(companyAgent)).toEqual([403, 403, 403, 403]);
    expect(await attempts(companyAdmin)).toEqual([200, 201, 200, 200]);
  });

  it('finds accounts to invite by name or address', async () => {
    const releaseId = await embargoed('Find a reader');
    const found = await call('GET', `${invitationsPath(releaseId)}accounts/?search=verd`, {
      as: pressOffice,
    });
    expect(found.json().results).toEqual([
      { id: journalist.id, name: 'Giulia Verdi', email: 'giulia.verdi@example.test', language: 'it' },
    ]);
    const tooShort = await call('GET', `${invitationsPath(releaseId)}accounts/?search=v`, {
      as: pressOffice,
    });
    expect(tooShort.statusCode).toBe(400);
  });

  it('answers bad input with the fields at fault', async () => {
    const releaseId = await embargoed('Careful input');
    const post = (payload: object) =>
      call('POST', invitationsPath(releaseId), { as: pressOffice, payload, language: 'en' });
    expect((await post({})).json()).toEqual({ email: ['E-mail required'], name: ['Field required'] });
    expect((await post({ email: 'not-an-address', name: 'N' })).json()).toEqual({
      email: ['E-mail not valid'],
    });
    expect((await post({ email: 'a@example.test', name: 'A', language: 'xx' })).json()).toEqual({
      language: ['Field not valid'],
    });
    const unknown = await post({ user: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ user: ['No active account has this id.'] });
    expect((await call('GET', previewPath('short'), { language: 'en' })).statusCode).toBe(404);
    expect(
      (await call('POST', `${invitationsPath(releaseId)}999999/revoke/`, { as: pressOffice })).statusCode,
    ).toBe(404);
  });
});
