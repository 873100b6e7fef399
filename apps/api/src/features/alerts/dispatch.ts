import { publicPages, releaseSlug, webLinks } from '@pressroom/contract';
import {
  alertDigestDays,
  alertRuns,
  alertSubscriptions,
  companyBrands,
  type Executor,
  mailQueue,
  pressReleaseGroups,
  pressReleases,
  pressReleaseTranslations,
} from '@pressroom/db';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { embargoEnd } from '../../access/index.ts';
import { activeUserHolds } from '../../lib/identity.ts';
import { releaseCoverFileId } from '../../lib/release-cover.ts';
import { type Jobs, jobNames } from '../../plugins/jobs.ts';
import type { Site } from '../../plugins/sites.ts';
import {
  type DigestEntry,
  renderAlert,
  renderDigest,
  tokenPlaceholder,
  unsubscribeHeaders,
} from './alert-mail.ts';

type RunKind = 'early' | 'public';
const dayMs = 86_400_000;

/** What scheduling alerts needs of the app's jobs: asking for the `alert-runs` job in the same transaction. */
export type AlertJobs = Pick<Jobs, 'sendWithin'>;

/**
 * Called in the transaction that first publishes a release: the alerts it owes, due at once, or (under
 * embargo) `early` at once for accredited subscribers who asked and `public` when the embargo ends. A release
 * back-dated (its date before yesterday) is news to nobody: no alert. With the app's `jobs`, the alert-runs
 * job is asked for at each due time, in the same transaction; without (the command line), its cron finds them.
 * `publishAt` is the moment the release comes out: a scheduled release's `publish_at`, else the time of
 * publishing, so every alert waits for it.
 */
export async function scheduleReleaseAlerts(
  tx: Executor,
  release: { id: number; publicationDate: string; embargoUntil: Date | null },
  publishAt: Date,
  jobs?: AlertJobs,
) {
  const yesterday = new Date(publishAt.getTime() - dayMs).toISOString().slice(0, 10);
  if (release.publicationDate < yesterday) return;
  const embargoed = release.embargoUntil !== null && release.embargoUntil > publishAt;
  const runs: { kind: RunKind; dueAt: Date }[] = embargoed
    ? [
        { kind: 'early', dueAt: publishAt },
        { kind: 'public', dueAt: release.embargoUntil as Date },
      ]
    : [{ kind: 'public', dueAt: publishAt }];
  await tx
    .insert(alertRuns)
    .values(runs.map((run) => ({ pressReleaseId: release.id, ...run })))
    .onConflictDoNothing();
  for (const run of runs) await jobs?.sendWithin(tx, jobNames.alertRuns, { startAfter: run.dueAt });
}

/**
 * A release's embargo moved: its public alert follows (only while not sent), and the alert-runs job is asked
 * for at the new time (a job asked for at the old one finds nothing due). `publishAt` is when the release
 * comes out (its `publish_at` when later than now), before which no alert is due.
 */
export async function rescheduleReleaseAlerts(
  tx: Executor,
  releaseId: number,
  embargoUntil: Date | null,
  publishAt: Date,
  jobs?: AlertJobs,
) {
  const dueAt = embargoUntil && embargoUntil > publishAt ? embargoUntil : publishAt;
  const moved = await tx
    .update(alertRuns)
    .set({ dueAt })
    .where(
      and(eq(alertRuns.pressReleaseId, releaseId), eq(alertRuns.kind, 'public'), isNull(alertRuns.doneAt)),
    )
    .returning({ id: alertRuns.pressReleaseId });
  if (moved.length > 0) await jobs?.sendWithin(tx, jobNames.alertRuns, { startAfter: dueAt });
}

/**
 * A scheduled release taken back before its time: the alerts it owed are dropped (none has left, they were
 * due at its time), so publishing it again schedules them afresh.
 */
export async function cancelReleaseAlerts(tx: Executor, releaseId: number) {
  await tx.delete(alertRuns).where(and(eq(alertRuns.pressReleaseId, releaseId), isNull(alertRuns.doneAt)));
}

interface ReleaseForAlerts {
  id: number;
  status: string;
  year: number;
  number: number | null;
  companyId: number | null;
  embargoUntil: Date | null;
  publishAt: Date | null;
  coverFileId: number | null;
  translations: { language: string; title: string; subtitle: string; lead: string }[];
  groups: number[];
  brandIds: number[];
  firstImageId: number | null;
  slugTitle: string;
}

async function loadRelease(db: Executor, id: number): Promise<ReleaseForAlerts | null> {
  const [release] = await db
    .select({
      id: pressReleases.id,
      status: pressReleases.status,
      year: sql<number>`extract(year from ${pressReleases.publicationDate})::int`,
      number: pressReleases.number,
      companyId: pressReleases.companyId,
      // An event holding the release ("released at the start") embargoes it till then, as its own embargo.
      embargoUntil: embargoEnd,
      publishAt: pressReleases.publishAt,
      coverFileId: pressReleases.coverFileId,
    })
    .from(pressReleases)
    .where(eq(pressReleases.id, id));
  if (!release) return null;
  const translations = await db
    .select({
      language: pressReleaseTranslations.language,
      title: pressReleaseTranslations.title,
      subtitle: pressReleaseTranslations.subtitle,
      lead: sql<string>`left(${pressReleaseTranslations.bodyText}, 400)`,
    })
    .from(pressReleaseTranslations)
    .where(eq(pressReleaseTranslations.pressReleaseId, id))
    .orderBy(asc(pressReleaseTranslations.language));
  const groups = await db
    .select({ id: pressReleaseGroups.pressGroupId })
    .from(pressReleaseGroups)
    .where(eq(pressReleaseGroups.pressReleaseId, id));
  const brands =
    release.companyId === null
      ? []
      : await db
          .select({ brandId: companyBrands.brandId })
          .from(companyBrands)
          .where(eq(companyBrands.companyId, release.companyId));
  const imageId = await releaseCoverFileId(db, id, release.coverFileId);
  const slugSource =
    translations.find((row) => row.language === 'en') ??
    translations.find((row) => row.language === 'it') ??
    translations[0];
  return {
    ...release,
    translations: translations.map((row) => ({ ...row, lead: row.lead.replace(/\s+/g, ' ').trim() })),
    groups: groups.map((row) => row.id),
    brandIds: brands.map((row) => row.brandId),
    firstImageId: imageId,
    slugTitle: slugSource?.title ?? '',
  };
}

/** drizzle's execute answers rows directly on one driver and as `{ rows }` on the other. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** A literal list of values we produced ourselves (language codes, ids), for a constant SQL array. */
const textArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/[^a-z-]/gi, '')}'`).join(',')}]::text[]`);
const intArray = (values: number[]) =>
  sql.raw(`ARRAY[${values.map((value) => Math.trunc(value)).join(',')}]::int[]`);

/**
 * Queues one run's mails: for each site of the release and each of its languages, one INSERT ... SELECT
 * that writes a copy per matching subscriber (their token in the links and headers), staggered by the send
 * rate. A subscriber matches when the release is in one of their languages (the mail is in the first of
 * them), of a company or brand they follow (or they follow all), and they have not had this release yet.
 * The early mail (the text under embargo) goes only to a subscriber whose account is active and holds press
 * access now, when it is queued: one whose access was taken away since subscribing waits for the public one.
 */
async function queueRun(
  app: FastifyInstance,
  tx: Executor,
  release: ReleaseForAlerts,
  kind: RunKind,
  now: Date,
) {
  const languages = release.translations.map((row) => row.language);
  const spacingMs = 1000 / app.config.alertSendRate;
  const following = sql`((jsonb_array_length(s.company_ids) = 0 and jsonb_array_length(s.brand_ids) = 0)
    ${release.companyId === null ? sql`` : sql`or s.company_ids @> jsonb_build_array(${release.companyId}::int)`}
    ${release.brandIds.length === 0 ? sql`` : sql`or exists (select 1 from jsonb_array_elements_text(s.brand_ids) b(v) where b.v::int = any(${intArray(release.brandIds)}))`})`;
  const eligible =
    kind === 'early'
      ? sql`s.embargoed_early and ${activeUserHolds(sql`s.user_id`, 'press_area.access')}`
      : sql`true`;
  let queued = 0;
  for (const groupId of release.groups) {
    const site: Site = app.sites.byId(groupId);
    if (site.id !== groupId) continue; // a site no longer configured: nobody subscribes to it here
    for (const translation of release.translations) {
      const pagePath =
        release.number === null
          ? null
          : publicPages.release(release.year, release.number, releaseSlug(release.slugTitle));
      const url =
        kind === 'public' && pagePath
          ? `${site.address}${pagePath}?lang=${translation.language}`
          : `${site.address}${webLinks.pressRelease(release.id)}`;
      const mail = renderAlert({
        site,
        language: translation.language,
        title: translation.title,
        subtitle: translation.subtitle,
        lead: translation.lead,
        url,
        // Images under embargo are served by signed, expiring addresses only: none in the early mail.
        image:
          kind === 'public' && release.firstImageId !== null
            ? {
                url: `${site.address}/api/press_room/press_release_file/${release.firstImageId}/thumbnail/`,
                alt: translation.title,
              }
            : null,
        embargoUntil: kind === 'early' ? release.embargoUntil : null,
      });
      const headers = unsubscribeHeaders(site, tokenPlaceholder);
      const result = await tx.execute(sql`
        with recipients as (
          select s.email, s.token, row_number() over (order by s.id) as position
          from alert_subscriptions s
          where s.press_group_id = ${groupId} and s.status = 'active' and s.frequency = 'each'
            and (select l.value from jsonb_array_elements_text(s.languages) with ordinality as l(value, n)
                 where l.value = any(${textArray(languages)}) order by l.n limit 1) = ${translation.language}::text
            and ${following} and ${eligible}
            and not exists (select 1 from mail_queue m where m.alert_release_id = ${release.id}
                            and lower(m.to_address) = lower(s.email))
        ), inserted as (
          insert into mail_queue (to_address, subject, text_body, html_body, headers, status, attempts,
                                  next_attempt_at, created_at, alert_release_id)
          select r.email, ${mail.subject}::text, replace(${mail.text}::text, ${tokenPlaceholder}::text, r.token),
                 replace(${mail.html}::text, ${tokenPlaceholder}::text, r.token),
                 replace(${JSON.stringify(headers)}::text, ${tokenPlaceholder}::text, r.token)::jsonb, 'pending', 0,
                 ${now.toISOString()}::timestamptz
                   + ((${queued}::int + r.position - 1) * ${spacingMs}::float8) * interval '1 millisecond',
                 ${now.toISOString()}::timestamptz, ${release.id}::int
          from recipients r
          returning 1
        )
        select count(*)::int as count from inserted`);
      queued += Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
    }
  }
  return queued;
}

/**
 * Sends the alerts that are due: each run is claimed by one server (FOR UPDATE SKIP LOCKED), its mails
 * queued and the run marked done in one transaction, so a crash queues nothing or everything. A release
 * withdrawn meanwhile owes nothing; one whose embargo was moved later waits for it.
 */
export async function processDueAlerts(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const now = app.clock.now();
    const handled = await app.db.transaction(async (tx) => {
      const [run] = await tx
        .select()
        .from(alertRuns)
        .where(and(isNull(alertRuns.doneAt), lte(alertRuns.dueAt, now)))
        .orderBy(asc(alertRuns.dueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!run) return null;
      const release = await loadRelease(tx, run.pressReleaseId);
      const where = and(eq(alertRuns.pressReleaseId, run.pressReleaseId), eq(alertRuns.kind, run.kind));
      if (run.kind === 'public' && release?.embargoUntil && release.embargoUntil > now) {
        await tx.update(alertRuns).set({ dueAt: release.embargoUntil }).where(where);
        await app.jobs.sendWithin(tx, jobNames.alertRuns, { startAfter: release.embargoUntil });
        return 0;
      }
      // Nobody hears of a scheduled release before it comes out, not even under embargo.
      if (release?.publishAt && release.publishAt > now) {
        await tx.update(alertRuns).set({ dueAt: release.publishAt }).where(where);
        return 0;
      }
      const queued =
        release && release.status === 'published'
          ? await queueRun(app, tx, release, run.kind as RunKind, now)
          : 0;
      await tx.update(alertRuns).set({ doneAt: now, queued }).where(where);
      return queued;
    });
    if (handled === null) return total;
    total += handled;
  }
}

/**
 * The daily digest: from ALERT_DIGEST_HOUR (UTC), once a day across all servers (the day's row is inserted by
 * one of them), every daily subscriber gets the releases that became public in the 24 hours before, that
 * match their languages and companies, in one mail.
 */
export async function processDigest(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  if (now.getUTCHours() < app.config.alertDigestHour) return 0;
  const day = now.toISOString().slice(0, 10);
  return app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(alertDigestDays)
      .values({ day, sentAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return 0;
    const since = new Date(now.getTime() - dayMs);
    const runs = await tx
      .select({ releaseId: alertRuns.pressReleaseId })
      .from(alertRuns)
      .where(
        and(
          eq(alertRuns.kind, 'public'),
          sql`${alertRuns.doneAt} > ${since.toISOString()}::timestamptz`,
          sql`${alertRuns.doneAt} <= ${now.toISOString()}::timestamptz`,
        ),
      );
    const releases = (await Promise.all(runs.map((run) => loadRelease(tx, run.releaseId)))).filter(
      (release): release is ReleaseForAlerts => release !== null && release.status === 'published',
    );
    let queued = 0;
    if (releases.length > 0) {
      const subscribers = await tx
        .select()
        .from(alertSubscriptions)
        .where(and(eq(alertSubscriptions.status, 'active'), eq(alertSubscriptions.frequency, 'daily')));
      for (const subscriber of subscribers) {
        const site = app.sites.byId(subscriber.pressGroupId);
        if (site.id !== subscriber.pressGroupId) continue;
        const entries: DigestEntry[] = [];
        let language: string | null = null;
        for (const release of releases) {
          if (!release.groups.includes(subscriber.pressGroupId)) continue;
          const follows =
            (subscriber.companyIds.length === 0 && subscriber.brandIds.length === 0) ||
            (release.companyId !== null && subscriber.companyIds.includes(release.companyId)) ||
            release.brandIds.some((brand) => subscriber.brandIds.includes(brand));
          const chosen = subscriber.languages.find((candidate) =>
            release.translations.some((row) => row.language === candidate),
          );
          const translation = release.translations.find((row) => row.language === chosen);
          if (!follows || !translation || release.number === null) continue;
          language ??= translation.language;
          const pagePath = publicPages.release(release.year, release.number, releaseSlug(release.slugTitle));
          entries.push({
            title: translation.title,
            subtitle: translation.subtitle,
            url: `${site.address}${pagePath}?lang=${translation.language}`,
          });
        }
        if (entries.length === 0) continue;
        const mail = renderDigest(site, language ?? subscriber.languages[0], day, entries, subscriber.token);
        await app.mail.enqueue(tx, {
          to: subscriber.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: unsubscribeHeaders(site, subscriber.token),
        });
        queued += 1;
      }
    }
    await tx.update(alertDigestDays).set({ queued }).where(eq(alertDigestDays.day, day));
    return queued;
  });
}

/** How many alerts of each release were queued, sent and failed (still retrying), newest releases first. */
export async function alertCounts(db: Executor, limit: number) {
  return db
    .select({
      releaseId: mailQueue.alertReleaseId,
      queued: sql<number>`count(*)::int`,
      sent: sql<number>`count(*) filter (where ${mailQueue.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${mailQueue.status} <> 'sent' and ${mailQueue.attempts} > 0)::int`,
    })
    .from(mailQueue)
    .where(sql`${mailQueue.alertReleaseId} is not null`)
    .groupBy(mailQueue.alertReleaseId)
    .orderBy(sql`${mailQueue.alertReleaseId} desc`)
    .limit(limit);
}
