import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { mailQueue } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { renderMail } from '../lib/mail-layout.ts';
import { createTestApp, TestClock, testConfig } from '../test-support/app.ts';
import { freePort, parseMail, startSmtpServer, type TestSmtpServer } from '../test-support/smtp.ts';
import type { Config } from './config.ts';
import { retryDelaySeconds } from './mail.ts';

const welcome = renderMail({
  siteName: 'Tile Fair',
  language: 'en',
  heading: 'Confirm your e-mail address',
  paragraphs: ['Thank you for registering with the press area.'],
  action: { label: 'Confirm', url: 'http://fair.localhost:3000/#/verify?token=abc.def' },
});

function mailTo(to: string) {
  return { to, subject: 'Confirm your e-mail address', ...welcome };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function smtpServer(port?: number): Promise<TestSmtpServer> {
  const server = await startSmtpServer({ port });
  cleanups.push(() => server.stop());
  return server;
}

async function testApp(config: Partial<Config>) {
  const harness = await createTestApp({ config: { mailPollInterval: 0, ...config } });
  cleanups.push(() => harness.close());
  return harness;
}

async function queueRow(harness: Awaited<ReturnType<typeof testApp>>, id: number) {
  const [row] = await harness.db.select().from(mailQueue).where(eq(mailQueue.id, id));
  return row;
}

describe('mail queue', () => {
  it('delivers a queued message over SMTP with its text and HTML parts', async () => {
    const smtp = await smtpServer();
    const harness = await testApp({ smtpUrl: smtp.url, mailFrom: 'Tile Fair <press@fair.example>' });

    const { id } = await harness.db.transaction((tx) =>
      harness.app.mail.enqueue(tx, mailTo('ada@example.com')),
    );
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });

    const mail = await smtp.waitFor((received) => received.to.includes('ada@example.com'));
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.from).toBe('Tile Fair <press@fair.example>');
    expect(mail.text).toContain('Thank you for registering with the press area.');
    expect(mail.html).toContain('<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3">Confirm your');
    expect(mail.links).toEqual(['http://fair.localhost:3000/#/verify?token=abc.def']);
    const row = await queueRow(harness, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: harness.clock.now() });
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('sends a queued invitation as the text/calendar part with its method, and as an .ics file', async () => {
    const smtp = await smtpServer();
    const harness = await testApp({ smtpUrl: smtp.url });
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await harness.db.transaction((tx) =>
      harness.app.mail.enqueue(tx, {
        ...mailTo('ada@example.com'),
        calendar: { method: 'REQUEST', content: calendar },
      }),
    );
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor((received) => received.to.includes('ada@example.com'));
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(mail.raw).toMatch(/filename=invitation\.ics/);
    expect(mail.text).toContain('Thank you for registering with the press area.');
  });

  it('queues nothing when the transaction that enqueued the message rolls back', async () => {
    const smtp = await smtpServer();
    const harness = await testApp({ smtpUrl: smtp.url });

    await expect(
      harness.db.transaction(async (tx) => {
        await harness.app.mail.enqueue(tx, mailTo('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await harness.db.select().from(mailQueue)).toEqual([]);
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a message while SMTP is down and delivers it after the backoff once SMTP is up', async () => {
    const port = await freePort();
    const harness = await testApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const { id } = await harness.app.mail.enqueue(harness.db, mailTo('patient@example.com'));
    const queuedAt = harness.clock.now();

    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
    let row = await queueRow(harness, id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.nextAttemptAt).toEqual(new Date(queuedAt.getTime() + 10_000));

    // Not due yet: nothing is attempted.
    harness.clock.advance(9);
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });

    harness.clock.advance(1);
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
    row = await queueRow(harness, id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt).toEqual(new Date(queuedAt.getTime() + 10_000 + 20_000));

    const smtp = await smtpServer(port);
    harness.clock.advance(19);
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);

    harness.clock.advance(1);
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor((received) => received.to.includes('patient@example.com'));
    expect(mail.links).toEqual(['http://fair.localhost:3000/#/verify?token=abc.def']);
    row = await queueRow(harness, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('backs off 10 s, doubling, and never waits more than an hour between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map(retryDelaySeconds)).toEqual([
      10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600,
    ]);
  });

  it('sends each message once when two workers deliver at the same time', async () => {
    const smtp = await smtpServer();
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const clock = new TestClock();
    const config = testConfig({ smtpUrl: smtp.url, mailPollInterval: 0 });
    const first = await buildApp({ config, database, clock, logger: false });
    const second = await buildApp({ config, database, clock, logger: false });
    cleanups.push(() => first.close());
    cleanups.push(() => second.close());
    await Promise.all([first.ready(), second.ready()]);

    const recipients = Array.from({ length: 8 }, (_, index) => `reader${index}@example.com`);
    for (const to of recipients) await first.mail.enqueue(database.db, mailTo(to));

    const reports = await Promise.all([first.mail.deliverDue(), second.mail.deliverDue()]);
    expect(reports[0].sent + reports[1].sent).toBe(8);
    expect(reports[0].failed + reports[1].failed).toBe(0);
    await smtp.waitFor(() => smtp.messages.length >= 8);
    expect(smtp.messages.flatMap((mail) => mail.to).sort()).toEqual([...recipients].sort());
  });

  it('delivers over a few pooled SMTP connections, several messages at once, each once', async () => {
    const smtp = await smtpServer();
    const harness = await testApp({ smtpUrl: smtp.url });
    const recipients = Array.from({ length: 60 }, (_, index) => `reader${index}@example.com`);
    for (const to of recipients) await harness.app.mail.enqueue(harness.db, mailTo(to));
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 60, failed: 0 });
    await smtp.waitFor(() => smtp.messages.length >= 60);
    expect(smtp.messages.flatMap((mail) => mail.to).sort()).toEqual([...recipients].sort());
    // One connection per message before; now at most five, and more than one: messages were in flight together.
    expect(smtp.connections).toBeGreaterThan(1);
    expect(smtp.connections).toBeLessThanOrEqual(5);
  });

  it('delivers every due row in one round, batch after batch, and leaves none claimed', async () => {
    const smtp = await smtpServer();
    const harness = await testApp({ smtpUrl: smtp.url });
    const recipients = Array.from({ length: 250 }, (_, index) => `many${index}@example.com`);
    await harness.db.insert(mailQueue).values(
      recipients.map((to) => ({
        toAddress: to,
        subject: 'Many',
        textBody: 'Many',
        htmlBody: '<p>Many</p>',
        nextAttemptAt: harness.clock.now(),
        createdAt: harness.clock.now(),
      })),
    );
    expect(await harness.app.mail.deliverDue()).toEqual({ sent: 250, failed: 0 });
    const statuses = await harness.db.select({ status: mailQueue.status }).from(mailQueue);
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['sent']));
    await smtp.waitFor(() => smtp.messages.length >= 250);
    expect(smtp.messages.flatMap((mail) => mail.to).sort()).toEqual([...recipients].sort());
  });

  it('delivers in the background right after the enqueuing transaction commits', async () => {
    const smtp = await smtpServer();
    // A long poll interval: only the nudge after enqueue can deliver within the wait below.
    const harness = await testApp({ smtpUrl: smtp.url, mailPollInterval: 3600 });
    await harness.db.transaction((tx) => harness.app.mail.enqueue(tx, mailTo('eager@example.com')));

    const mail = await smtp.waitFor((received) => received.to.includes('eager@example.com'), 5_000);
    expect(mail.subject).toBe('Confirm your e-mail address');
  });

  it('without SMTP_URL writes a parseable .eml into the outbox and logs its path and link', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-outbox-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig({ dataDir, smtpUrl: undefined, mailPollInterval: 0, logLevel: 'info' }),
      database,
      clock: new TestClock(),
      logger: { level: 'info', stream },
    });
    cleanups.push(() => app.close());
    await app.ready();

    await app.mail.enqueue(database.db, mailTo('newcomer@example.com'));
    expect(await app.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(dataDir, 'outbox', files[0]);
    const mail = parseMail(await readFile(file));
    expect(mail.to).toEqual(['newcomer@example.com']);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('Thank you for registering with the press area.');
    expect(mail.html).toContain('lang="en" dir="ltr"');
    expect(mail.links).toEqual(['http://fair.localhost:3000/#/verify?token=abc.def']);

    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.file === file);
    expect(logged).toMatchObject({
      to: 'newcomer@example.com',
      link: 'http://fair.localhost:3000/#/verify?token=abc.def',
    });
  });
});
