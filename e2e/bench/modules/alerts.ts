/**
 * Bench module (not a test): the e-mail alerts of one release to 20,000 subscribers (BENCH_ALERT_SUBSCRIBERS),
 * on PostgreSQL. Measured: the publish request (it only schedules the alerts), queueing every subscriber's
 * copy into the mail queue (time and the process's peak memory), and the delivery of every queued mail by one
 * app server's mail worker to an SMTP server on loopback (rate, time to the last reader and the sending
 * process's peak memory; BENCH_ALERT_DELIVERIES limits it to a sample). All are made due at once; in service
 * ALERT_SEND_RATE spreads them.
 */
import { alertSubscriptions, mailQueue } from '@pressroom/db';
import { and, count, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { buildApp } from '../../../apps/api/src/app.ts';
import { processDueAlerts } from '../../../apps/api/src/features/alerts/dispatch.ts';
import { startSmtpServer } from '../../support/smtp.ts';
import type { BenchModule, MeasurementRow } from '../harness.ts';
import { withPeakMemory } from '../harness.ts';

const subscriberCount = Number(process.env.BENCH_ALERT_SUBSCRIBERS ?? 20_000);
const deliverySample = Number(process.env.BENCH_ALERT_DELIVERIES ?? subscriberCount);

export const alertsBench: BenchModule = {
  name: 'e-mail alerts',
  async setup(ctx) {
    const { app } = ctx;
    const site = app.sites.defaultSite;
    if (!site) throw new Error('no site');
    await app.db.execute(sql`
      insert into alert_subscriptions (press_group_id, email, languages, status, token, notice_version,
                                       consented_at, consent_language, confirmed_at)
      select ${site.id}, 'reader' || n || '@bench.example', '["en"]'::jsonb, 'active',
             encode(sha256(('bench-token-' || n)::bytea), 'base64'), 'bench', now(), 'en', now()
      from generate_series(1, ${subscriberCount}) as n
      on conflict do nothing`);
    const headers = { authorization: `JWT ${ctx.admin.token}`, 'content-type': 'application/json' };
    return {
      async measure() {
        const rows: MeasurementRow[] = [];
        const created = await fetch(`${ctx.baseUrl}/api/press_room/admin/press_release/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            publication_date: new Date().toISOString().slice(0, 10),
            groups: [site.id],
            translations: [
              {
                language: 'en',
                title: 'Bench alert release',
                subtitle: '',
                body: '<p>For every subscriber.</p>',
              },
            ],
          }),
        });
        const { id } = (await created.json()) as { id: number };
        const publishStarted = performance.now();
        const published = await fetch(`${ctx.baseUrl}/api/press_room/admin/press_release/${id}/status/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ status: 'published' }),
        });
        if (!published.ok) throw new Error(`publish answered ${published.status}`);
        const publishMs = performance.now() - publishStarted;
        rows.push({ name: 'Alerts: publish request (schedules them)', value: `${publishMs.toFixed(0)} ms` });

        global.gc?.();
        const queueing = await withPeakMemory(() => processDueAlerts(app));
        rows.push(
          {
            name: `Alerts: queue one release to ${subscriberCount} subscribers`,
            value: `${queueing.seconds.toFixed(2)} s`,
            note: `${queueing.result} mails queued (one INSERT ... SELECT per site and language)`,
          },
          {
            name: 'Alerts: queueing peak memory',
            value: `${queueing.peakRssMb.toFixed(0)} MB RSS`,
            note: `+${(queueing.peakRssMb - queueing.baselineRssMb).toFixed(0)} MB over ${queueing.baselineRssMb.toFixed(0)} MB before`,
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
            .where(eq(mailQueue.alertReleaseId, id))
            .limit(deliverySample);
          // Only what is measured is due: the rest waits (in service the rate spreads them over time).
          await app.db
            .update(mailQueue)
            .set({ nextAttemptAt: new Date('2100-01-01T00:00:00Z') })
            .where(and(eq(mailQueue.alertReleaseId, id), eq(mailQueue.status, 'pending')));
          await app.db
            .update(mailQueue)
            .set({ nextAttemptAt: new Date(0) })
            .where(and(inArray(mailQueue.id, sample), eq(mailQueue.status, 'pending')));
          global.gc?.();
          const delivery = await withPeakMemory(() => sender.mail.deliverDue());
          const report = delivery.result;
          // A round ends when nothing due is left, or early (mails failed and rescheduled, rows left behind):
          // the figure then measures fewer mails than were due, and the row says so.
          const [left] = await app.db
            .select({ count: count() })
            .from(mailQueue)
            .where(
              and(
                eq(mailQueue.alertReleaseId, id),
                lt(mailQueue.nextAttemptAt, new Date('2100-01-01T00:00:00Z')),
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
              name: 'Alerts: delivery to a loopback SMTP server',
              value: `${(report.sent / delivery.seconds).toFixed(0)} mails/s`,
              note: `${ending}; ${report.sent} sent, ${report.failed} failed, ${smtp.received} received in ${delivery.seconds.toFixed(1)} s by one app server, all due at once (in service ALERT_SEND_RATE paces them)`,
            },
            {
              name: 'Alerts: delivery peak memory',
              value: `${delivery.peakRssMb.toFixed(0)} MB RSS`,
              note: `+${(delivery.peakRssMb - delivery.baselineRssMb).toFixed(0)} MB over ${delivery.baselineRssMb.toFixed(0)} MB before (bench process, SMTP server included)`,
            },
          );
        } finally {
          await sender.close();
          await smtp.stop();
          await app.db.delete(alertSubscriptions).where(eq(alertSubscriptions.noticeVersion, 'bench'));
        }
        return rows;
      },
    };
  },
};
