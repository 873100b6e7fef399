import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Executor, mailQueue } from '@pressroom/db';
import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
  /** An iCalendar invitation (RFC 5545) sent as the message's text/calendar part and as an .ics file. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export interface DeliveryReport {
  /** Rows handed to SMTP (or written to the outbox) successfully. */
  sent: number;
  /** Rows that failed this time and were rescheduled. */
  failed: number;
}

export interface Mailer {
  /**
   * Queues a message in the caller's transaction (pass the transaction as executor), so the mail exists
   * exactly when the change that caused it is committed. Never sends inline: an SMTP outage cannot fail the
   * request. The background worker is nudged shortly after.
   */
  enqueue(executor: Executor, mail: OutgoingMail): Promise<{ id: number }>;
  /** Delivers every row that is due now (by app.clock); failures are rescheduled with backoff, never dropped. */
  deliverDue(): Promise<DeliveryReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/**
 * Writes one message into the mail queue, due at `now`, in the caller's transaction. The mailer's `enqueue`
 * uses it; a command run without a server (the CLI's purge) too, whose mails the servers' workers deliver.
 */
export async function queueMail(executor: Executor, mail: OutgoingMail, now: Date): Promise<{ id: number }> {
  const [row] = await executor
    .insert(mailQueue)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers ?? {},
      calendar: mail.calendar ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: mailQueue.id });
  return row;
}

/** First retry after 10 s, then doubling, never more than an hour apart. Retries go on until delivered. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(attempts - 1, 0), 3600);
}

/** A claimed row is ours for this long; if the process dies mid-send, another worker takes it afterwards. */
const claimLeaseSeconds = 600;
const batchSize = 50;
/** SMTP connections each server keeps open (nodemailer's pool), and messages it has in flight at once. */
const smtpConnections = 5;
const messagesInFlight = 10;

/** Runs `work` on every item, at most `limit` at a time. */
async function eachInParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
const nudgeDelayMs = 100;

type MailRow = typeof mailQueue.$inferSelect;

function firstLink(text: string): string | undefined {
  return text.match(/https?:\/\/[^\s<>"]+/)?.[0];
}

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/**
 * The mail queue: `app.mail.enqueue` writes rows; a worker (started when the app is ready, every
 * MAIL_POLL_INTERVAL, and nudged after each enqueue) delivers them through SMTP_URL, or without SMTP_URL
 * writes each message as an .eml file into <DATA_DIR>/outbox and logs its path and first link, so sign-up can
 * be finished on one machine. Rows are claimed with UPDATE ... FOR UPDATE SKIP LOCKED, so several workers or
 * processes never send one row twice.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const outboxDir = path.join(config.dataDir, 'outbox');
    const transport = config.smtpUrl
      ? nodemailer.createTransport({
          // Connections kept open and reused: a connection per message made nine mails a second.
          pool: true,
          maxConnections: smtpConnections,
          maxMessages: Number.POSITIVE_INFINITY,
          url: config.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const messageIdDomain = new URL(config.publicUrl).hostname || 'localhost';

    let running: Promise<DeliveryReport> | null = null;
    let interval: NodeJS.Timeout | null = null;
    const nudges = new Set<NodeJS.Timeout>();
    let closed = false;

    async function claimDue(): Promise<MailRow[]> {
      const now = app.clock.now();
      const due = app.db
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(inArray(mailQueue.status, ['pending', 'sending']), lte(mailQueue.nextAttemptAt, now)))
        .orderBy(asc(mailQueue.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      // The conditions are repeated outside the subquery: PostgreSQL re-checks them on a row another worker
      // changed meanwhile, so a row is claimed once.
      return app.db
        .update(mailQueue)
        .set({ status: 'sending', nextAttemptAt: addSeconds(now, claimLeaseSeconds) })
        .where(
          and(
            inArray(mailQueue.id, due),
            inArray(mailQueue.status, ['pending', 'sending']),
            lte(mailQueue.nextAttemptAt, now),
          ),
        )
        .returning();
    }

    async function send(row: MailRow) {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: row.headers,
        ...(row.calendar
          ? {
              icalEvent: {
                method: row.calendar.method,
                filename: row.calendar.method === 'CANCEL' ? 'cancelled.ics' : 'invitation.ics',
                content: row.calendar.content,
              },
            }
          : {}),
        // Stable per row: a receiver can drop the duplicate if a crash made us send it twice.
        messageId: `<mail-${row.id}.${row.createdAt.getTime()}@${messageIdDomain}>`,
      });
      if (!config.smtpUrl) {
        await mkdir(outboxDir, { recursive: true });
        const stamp = app.clock.now().toISOString().replace(/[:.]/g, '-');
        const file = path.join(outboxDir, `${stamp}-${row.id}-${randomBytes(3).toString('hex')}.eml`);
        await writeFile(file, (info as { message: Buffer }).message);
        app.log.info(
          { file, to: row.toAddress, subject: row.subject, link: firstLink(row.textBody) },
          `mail written to the outbox: ${file}`,
        );
      }
    }

    async function deliverOnce(): Promise<DeliveryReport> {
      const report: DeliveryReport = { sent: 0, failed: 0 };
      for (;;) {
        const claimed = await claimDue();
        // Several messages in flight over the pooled connections; each row was claimed by this worker only,
        // and each is due (its time set by ALERT_SEND_RATE when queued), so the pace stays the queue's.
        const sent: MailRow[] = [];
        await eachInParallel(claimed, messagesInFlight, async (row) => {
          const attempts = row.attempts + 1;
          try {
            await send(row);
            sent.push(row);
            report.sent += 1;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const retryAt = addSeconds(app.clock.now(), retryDelaySeconds(attempts));
            await app.db
              .update(mailQueue)
              .set({ status: 'pending', attempts, nextAttemptAt: retryAt, lastError: message.slice(0, 2000) })
              .where(inArray(mailQueue.id, [row.id]));
            report.failed += 1;
            app.log.warn(
              { mailId: row.id, attempts, retryAt: retryAt.toISOString(), err: message },
              'mail delivery failed; will retry',
            );
          }
        });
        // The batch's sent rows in one statement (a crash before it resends them: delivery is at least once).
        if (sent.length > 0) {
          await app.db
            .update(mailQueue)
            .set({
              status: 'sent',
              attempts: sql`${mailQueue.attempts} + 1`,
              sentAt: app.clock.now(),
              lastError: null,
            })
            .where(
              inArray(
                mailQueue.id,
                sent.map((row) => row.id),
              ),
            );
        }
        if (claimed.length < batchSize) return report;
      }
    }

    /** One delivery round at a time per process; a caller arriving during a round waits and runs its own. */
    async function deliverDue(): Promise<DeliveryReport> {
      while (running) await running.catch(() => undefined);
      const round = deliverOnce();
      running = round;
      try {
        return await round;
      } finally {
        if (running === round) running = null;
      }
    }

    function deliverInBackground() {
      if (closed || running) return;
      deliverDue().catch((error) => app.log.error({ err: error }, 'mail queue worker failed'));
    }

    const mailer: Mailer = {
      async enqueue(executor, mail) {
        const row = await queueMail(executor, mail, app.clock.now());
        if (config.mailPollInterval > 0 && !closed) {
          // The caller's transaction commits after this returns; deliver shortly after that.
          const nudge = setTimeout(() => {
            nudges.delete(nudge);
            deliverInBackground();
          }, nudgeDelayMs);
          nudge.unref();
          nudges.add(nudge);
        }
        return row;
      },
      deliverDue,
    };
    app.decorate('mail', mailer);

    app.addHook('onReady', async () => {
      if (config.mailPollInterval > 0) {
        interval = setInterval(deliverInBackground, config.mailPollInterval * 1000);
        interval.unref();
      }
    });

    app.addHook('onClose', async () => {
      closed = true;
      if (interval) clearInterval(interval);
      for (const nudge of nudges) clearTimeout(nudge);
      nudges.clear();
      while (running) await running.catch(() => undefined);
      transport.close();
    });
  },
  { name: 'mail' },
);
