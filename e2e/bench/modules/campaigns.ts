/**
 * Bench module (not a test): the press office sends a release to a list of 20,000 consenting journalists
 * (BENCH_CAMPAIGN_RECIPIENTS), on PostgreSQL. Measured: the "send now" request, which claims the campaign and
 * queues every recipient's copy (time and the process's memory before and after), and the delivery of the
 * queued mails by one app server's mail worker to an SMTP server on loopback (rate, and memory before and
 * after; BENCH_CAMPAIGN_DELIVERIES limits it to a sample). All are made due at once; in service
 * ALERT_SEND_RATE spreads them.
 */
import { mailQueue, users } from '@pressroom/db';
import { and, count, eq, inArray, like, lt, ne, sql } from 'drizzle-orm';
import { buildApp } from '../../../apps/api/src/app.ts';
import { startSmtpServer } from '../../support/smtp.ts';
import type { BenchModule, MeasurementRow } from '../harness.ts';
import { collectGarbage, withPeakMemory } from '../harness.ts';

const recipientCount = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 20_000);
const deliverySample = Number(process.env.BENCH_CAMPAIGN_DELIVERIES ?? recipientCount);
const domain = '@campaign-bench.example';
const megabytes = (bytes: number) => bytes / 1024 / 1024;
/** The process's memory after a full collection: what is still held, not garbage not yet collected. */
function heldMemory() {
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: megabytes(usage.rss), heap: megabytes(usage.heapUsed + usage.external) };
}

export const campaignsBench: BenchModule = {
  name: 'press office campaigns',
  async setup(ctx) {
    const { app } = ctx;
    const site = app.sites.defaultSite;
    if (!site) throw new Error('no site');
    // Journalists writing in English and Italian (one in four), active, verified, who agreed to the mail.
    await app.db.execute(sql`
      insert into users (email, password_hash, is_active, email_verified_at, language, media_type, country)
      select 'journalist' || n || ${domain}, 'bench', true, now(), case when n % 4 = 0 then 'it' else 'en' end,
             'magazines', 'IT'
      from generate_series(1, ${recipientCount}) as n
      on conflict do nothing`);
    await app.db.execute(sql`
      insert into press_mail_consents (user_id, agreed, answered_at, press_group_id, notice_version, language)
      select u.id, true, now(), ${site.id}, 'bench', u.language from users u where u.email like ${`%${domain}`}`);
    const headers = { authorization: `JWT ${ctx.admin.token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${ctx.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    return {
      async measure() {
        const rows: MeasurementRow[] = [];
        const list = await post('/api/back_office/recipient_lists/', {
          name: 'Bench magazines',
          filters: { media_types: ['magazines'] },
        });
        const release = await post('/api/press_room/admin/press_release/', {
          publication_date: new Date().toISOString().slice(0, 10),
          groups: [site.id],
          translations: [
            {
              language: 'en',
              title: 'Bench campaign release',
              subtitle: 'For the list',
              body: '<p>News.</p>',
            },
            {
              language: 'it',
              title: 'Comunicato della campagna',
              subtitle: 'Per la lista',
              body: '<p>Novità.</p>',
            },
          ],
        });
        await post(`/api/press_room/admin/press_release/${release.id}/status/`, { status: 'published' });

        const before = heldMemory();
        const queueing = await withPeakMemory(() =>
          post('/api/back_office/campaigns/', { release: release.id, lists: [list.id], timing: 'now' }),
        );
        const after = heldMemory();
        const campaignId = queueing.result.id;
        const [queued] = await app.db
          .select({ count: count() })
          .from(mailQueue)
          .where(eq(mailQueue.campaignId, campaignId));
        rows.push(
          {
            name: `Campaigns: send now to ${recipientCount} journalists (queued in the request)`,
            value: `${queueing.seconds.toFixed(2)} s`,
            note: `${queued.count} mails queued (one INSERT ... SELECT per language); asked: within 5 s`,
          },
          {
            name: 'Campaigns: queueing memory',
            value: `${after.rss.toFixed(0)} MB RSS after`,
            note: `${before.rss.toFixed(0)} MB before, peak ${queueing.peakRssMb.toFixed(0)} MB; heap and buffers held ${before.heap.toFixed(0)} MB before, ${after.heap.toFixed(0)} MB after (each after a full collection)`,
          },
        );

        // Delivery: a second app on the same database, with SMTP to a loopback server, delivers them.
        const smtp = await startSmtpServer({ keepMessages: false });
        const sender = await buildApp({
          config: { ...app.config, smtpUrl: smtp.url, mailPollInterval: 0 },
          database: ctx.database,
          logger: { level: 'warn' },
        });
        try {
          await sender.ready();
          const sample = app.db
            .select({ id: mailQueue.id })
            .from(mailQueue)
            .where(eq(mailQueue.campaignId, campaignId))
            .limit(deliverySample);
          const later = new Date('2100-01-01T00:00:00Z');
          await app.db
            .update(mailQueue)
            .set({ nextAttemptAt: later })
            .where(and(eq(mailQueue.campaignId, campaignId), eq(mailQueue.status, 'pending')));
          await app.db
            .update(mailQueue)
            .set({ nextAttemptAt: new Date(0) })
            .where(and(inArray(mailQueue.id, sample), eq(mailQueue.status, 'pending')));
          const deliveryBefore = heldMemory();
          const delivery = await withPeakMemory(() => sender.mail.deliverDue());
          const deliveryAfter = heldMemory();
          const report = delivery.result;
          const [left] = await app.db
            .select({ count: count() })
            .from(mailQueue)
            .where(
              and(
                eq(mailQueue.campaignId, campaignId),
                lt(mailQueue.nextAttemptAt, later),
                ne(mailQueue.status, 'sent'),
              ),
            );
          const due = report.sent + left.count;
          const ending =
            left.count === 0
              ? `all ${due} due delivered`
              : `stopped early: ${left.count} of ${due} due not delivered`;
          rows.push(
            {
              name: 'Campaigns: delivery to a loopback SMTP server',
              value: `${(report.sent / delivery.seconds).toFixed(0)} mails/s`,
              note: `${ending}; ${report.sent} sent, ${report.failed} failed, ${smtp.received} received in ${delivery.seconds.toFixed(1)} s by one app server; asked: at least 200 mails/s`,
            },
            {
              name: 'Campaigns: delivery memory',
              value: `${deliveryAfter.rss.toFixed(0)} MB RSS after`,
              note: `${deliveryBefore.rss.toFixed(0)} MB before, peak ${delivery.peakRssMb.toFixed(0)} MB; heap and buffers held ${deliveryBefore.heap.toFixed(0)} MB before, ${deliveryAfter.heap.toFixed(0)} MB after, each after a full collection (bench process, SMTP server included)`,
            },
          );
        } finally {
          await sender.close();
          await smtp.stop();
          await app.db.delete(users).where(like(users.email, `%${domain}`));
        }
        return rows;
      },
    };
  },
};
