import { apiPaths } from '@pressroom/contract';
import { contactMessages, mailQueue } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  type Caller,
  callers,
  expectedStatus,
  fair,
  headersByCaller,
  pressAreaCallers,
  pressOfficeCallers,
} from '../../test-support/press-content.ts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let as: Record<Caller, Record<string, string>>;

beforeAll(async () => {
  harness = await createTestApp({
    config: {
      pressOfficeEmail: 'press@fair.test',
      mailPollInterval: 0,
      // The association's site is reached at an address of its own, not at its hostname.
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
  as = await headersByCaller(harness.app);
});
afterAll(() => harness.close());
beforeEach(async () => {
  await harness.db.delete(mailQueue);
  await harness.db.delete(contactMessages);
});

describe('contact form', () => {
  it.each(callers)('answers %s according to the press-area rule', async (caller) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.contact,
      headers: { ...fair, ...as[caller] },
      payload: { subject: 'Hello', message: 'A question' },
    });
    expect(response.statusCode).toBe(expectedStatus(caller, pressAreaCallers, 201));
  });

  it('stores the message and queues mail to the press office and to the sender, in their language', async () => {
    const journalist = await createUser(harness.app, {
      email: 'anna.rossi@giornale.test',
      firstName: 'Anna',
      lastName: 'Rossi',
      language: 'it',
    });
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.contact,
      headers: { ...fair, ...authHeader(await tokenFor(harness.app, journalist)), 'accept-language': 'it' },
      payload: { subject: 'Interview request', message: 'Could I interview the president?' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().detail).toBe("Grazie. Il tuo messaggio è stato inviato all'ufficio stampa.");
    const [stored] = await harness.db.select().from(contactMessages);
    expect(stored).toMatchObject({
      userId: journalist.id,
      senderName: 'Anna Rossi',
      senderEmail: 'anna.rossi@giornale.test',
      subject: 'Interview request',
      message: 'Could I interview the president?',
      language: 'it',
      pressGroupId: harness.app.sites.forHostname('fair.localhost').id,
    });
    const mails = await harness.db.select().from(mailQueue).orderBy(asc(mailQueue.id));
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ['press@fair.test', '[Press room] Interview request'],
      ['anna.rossi@giornale.test', 'Abbiamo ricevuto il tuo messaggio'],
    ]);
    expect(mails[0].textBody).toContain(
      'Anna Rossi (anna.rossi@giornale.test) wrote through the contact form of Tile Fair:',
    );
    expect(mails[0].textBody).toContain('Could I interview the president?');
    expect(mails[0].headers).toEqual({ 'Reply-To': 'anna.rossi@giornale.test' });
    expect(mails[1].textBody).toContain('L\'ufficio stampa ha ricevuto il tuo messaggio "Interview request"');
  });

  it('links both mails to the site the message was sent from, at the address configured for it', async () => {
    const journalist = await createUser(harness.app, { email: 'marta@rivista.test', language: 'es' });
    const headers = authHeader(await tokenFor(harness.app, journalist));
    const sendFrom = (host: string) =>
      harness.app.inject({
        method: 'POST',
        url: apiPaths.contact,
        headers: { host, ...headers, 'accept-language': 'es' },
        payload: { subject: 'Catalogue', message: 'Is there a printed catalogue?' },
      });
    expect((await sendFrom('association.localhost')).statusCode).toBe(201);
    const fairAddress = harness.app.sites.forHostname('fair.localhost').address;
    expect((await sendFrom('fair.localhost')).statusCode).toBe(201);
    const mails = await harness.db.select().from(mailQueue).orderBy(asc(mailQueue.id));
    const links = mails.map((mail) => [mail.toAddress, mail.textBody.match(/^https?:\/\/\S+$/m)?.[0]]);
    expect(links).toEqual([
      ['press@fair.test', 'https://press.ceramics.example/#/admin/contact-inbox'],
      ['marta@rivista.test', 'https://press.ceramics.example/'],
      ['press@fair.test', `${fairAddress}/#/admin/contact-inbox`],
      ['marta@rivista.test', `${fairAddress}/`],
    ]);
    expect(mails[1].textBody).toContain('Abrir la sala de prensa:');
    expect(mails[1].htmlBody).toContain('href="https://press.ceramics.example/"');
  });

  it('refuses an empty subject or message with the contract messages, and stores nothing', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.contact,
      headers: { ...fair, ...as.user_press_room, 'accept-language': 'it' },
      payload: { subject: '  ', message: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ subject: ['Campo richiesto'], message: ['Campo richiesto'] });
    const tooLong = await harness.app.inject({
      method: 'POST',
      url: apiPaths.contact,
      headers: { ...fair, ...as.user_press_room },
      payload: { subject: 'x'.repeat(201), message: 'ok' },
    });
    expect(tooLong.json()).toEqual({ subject: ['Too long'] });
    expect(await harness.db.select().from(contactMessages)).toEqual([]);
    expect(await harness.db.select().from(mailQueue)).toEqual([]);
  });
});

describe('contact inbox', () => {
  it.each(callers)('is open to %s only with the inbox permission', async (caller) => {
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: apiPaths.contact,
          headers: { ...fair, ...as[caller] },
        })
      ).statusCode,
    ).toBe(expectedStatus(caller, pressOfficeCallers, 200));
  });

  it('lists messages newest first, searches them, and marks them read', async () => {
    for (const subject of ['First', 'Second']) {
      await harness.app.inject({
        method: 'POST',
        url: apiPaths.contact,
        headers: { ...fair, ...as.user_press_room },
        payload: { subject, message: `About ${subject}` },
      });
      harness.clock.advance(60);
    }
    const plain = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.contact,
        headers: { ...fair, ...as.administrator_press_room },
      })
    ).json();
    expect(plain.results.map((row: { subject: string }) => row.subject)).toEqual(['Second', 'First']);
    const found = (
      await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.contact}?format=datatables&draw=1&columns[0][data]=subject&columns[0][searchable]=true&search[value]=firs`,
        headers: { ...fair, ...as.administrator_global },
      })
    ).json();
    expect(found).toMatchObject({ recordsTotal: 2, recordsFiltered: 1 });
    const id = found.data[0].id;
    const read = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.contactMessage(id),
      headers: { ...fair, ...as.administrator_press_room },
      payload: { read: true },
    });
    expect(read.json().read_at).toBe(harness.clock.now().toISOString());
    const unread = (
      await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.contact}?unread=true`,
        headers: { ...fair, ...as.administrator_press_room },
      })
    ).json();
    expect(unread.results.map((row: { subject: string }) => row.subject)).toEqual(['Second']);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: apiPaths.contactMessage(id),
          headers: { ...fair, ...as.user_press_room },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: apiPaths.contactMessage(999_999),
          headers: { ...fair, ...as.administrator_global },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('orders unread messages first, each group newest first, when asked to', async () => {
    for (const subject of ['Oldest', 'Middle', 'Newest']) {
      await harness.app.inject({
        method: 'POST',
        url: apiPaths.contact,
        headers: { ...fair, ...as.user_press_room },
        payload: { subject, message: `About ${subject}` },
      });
      harness.clock.advance(60);
    }
    const [newest] = await harness.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.subject, 'Newest'));
    await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.contactMessage(newest.id),
      headers: { ...fair, ...as.administrator_press_room },
      payload: { read: true },
    });
    const columns =
      'columns[0][data]=unread&columns[0][orderable]=true&columns[1][data]=created_at&columns[1][orderable]=true';
    const ordered = (
      await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.contact}?format=datatables&draw=1&${columns}&order[0][column]=0&order[0][dir]=desc&order[1][column]=1&order[1][dir]=desc`,
        headers: { ...fair, ...as.administrator_press_room },
      })
    ).json();
    expect(ordered.data.map((row: { subject: string }) => row.subject)).toEqual([
      'Middle',
      'Oldest',
      'Newest',
    ]);
  });
});

describe('contact form limits', () => {
  it('limits messages per user and per address (each one mails twice)', async () => {
    const limited = await createTestApp({
      config: {
        mailPollInterval: 0,
        rateLimits: {
          ...harness.app.config.rateLimits,
          contactPerUser: { max: 2, windowSeconds: 3600 },
          contactPerIp: { max: 3, windowSeconds: 3600 },
        },
      },
    });
    try {
      const send = async (user: { id: number; email: string; tokensValidAfter: Date }, address: string) =>
        (
          await limited.app.inject({
            method: 'POST',
            url: apiPaths.contact,
            remoteAddress: address,
            headers: { ...fair, ...authHeader(await tokenFor(limited.app, user)) },
            payload: { subject: 'Hello', message: 'A question' },
          })
        ).statusCode;
      const journalist = (email: string) => createUser(limited.app, { email });
      const anna = await journalist('anna@giornale.test');
      // One user: two messages, wherever they come from.
      expect([
        await send(anna, '10.9.0.1'),
        await send(anna, '10.9.0.2'),
        await send(anna, '10.9.0.3'),
      ]).toEqual([201, 201, 429]);
      // One address: three messages, whoever sends them.
      const others = [
        await journalist('marco@rivista.test'),
        await journalist('carla@tv.test'),
        await journalist('dario@web.test'),
      ];
      const statuses: number[] = [];
      for (const user of others) statuses.push(await send(user, '10.9.0.1'));
      expect(statuses).toEqual([201, 201, 429]);
      expect(await limited.db.$count(contactMessages)).toBe(4);
    } finally {
      await limited.close();
    }
  });
});
