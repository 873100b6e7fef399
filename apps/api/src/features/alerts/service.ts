import { randomBytes } from 'node:crypto';
import {
  type AlertPreferencesInput,
  type AlertSubscribeInput,
  type AlertSubscription,
  privacyNoticeVersion,
} from '@pressroom/contract';
import { alertSubscriptions, brands, companies, type Executor } from '@pressroom/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError, validationError } from '../../lib/api-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Site } from '../../plugins/sites.ts';
import { renderConfirmation } from './alert-mail.ts';
import { alertCounts, rowsOf } from './dispatch.ts';

type SubscriptionRow = typeof alertSubscriptions.$inferSelect;

const newToken = () => randomBytes(32).toString('base64url');
const linkInvalid = () => new ApiError(404, { detail: 'alertLinkInvalid' });

async function checkFollowed(db: Executor, companyIds: number[], brandIds: number[]) {
  const known = async (table: typeof companies | typeof brands, ids: number[]) => {
    if (ids.length === 0) return true;
    const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    return rows.length === new Set(ids).size;
  };
  const errors: Record<string, string[]> = {};
  if (!(await known(companies, companyIds))) errors.companies = ['fieldInvalid'];
  if (!(await known(brands, brandIds))) errors.brands = ['fieldInvalid'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

async function findByEmail(db: Executor, siteId: number, email: string) {
  const [row] = await db
    .select()
    .from(alertSubscriptions)
    .where(
      and(
        eq(alertSubscriptions.pressGroupId, siteId),
        sql`lower(${alertSubscriptions.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row ?? null;
}

export async function findByToken(db: Executor, token: string) {
  const [row] = await db.select().from(alertSubscriptions).where(eq(alertSubscriptions.token, token));
  if (!row) throw linkInvalid();
  return row;
}

/**
 * Subscribes an address to the site's releases. A signed-in user subscribing their own (verified) address is
 * active at once, and may ask for releases under embargo when accredited; anyone else gets a confirmation
 * link (double opt-in) and the same answer whether or not the address was subscribed: a known, active
 * address is mailed its preferences link instead, and nothing about it changes.
 */
export async function subscribe(
  app: FastifyInstance,
  site: Site,
  user: AuthUser | null,
  language: string,
  input: AlertSubscribeInput & { languages: string[] },
): Promise<{ status: 'pending' | 'active' }> {
  const companyIds = input.companies ?? [];
  const brandIds = input.brands ?? [];
  await checkFollowed(app.db, companyIds, brandIds);
  const owner = user !== null && user.email.toLowerCase() === input.email.toLowerCase();
  const now = app.clock.now();
  const preferences = {
    languages: input.languages,
    companyIds,
    brandIds,
    frequency: input.frequency ?? 'each',
    embargoedEarly: owner && (input.embargoed_early ?? false) && user.permissions.has('press_area.access'),
    noticeVersion: privacyNoticeVersion,
    consentedAt: now,
    consentLanguage: language,
  };
  return app.db.transaction(async (tx) => {
    const existing = await findByEmail(tx, site.id, input.email);
    if (existing?.status === 'active' && !owner) {
      const mail = renderConfirmation(site, language, existing.token, true);
      await app.mail.enqueue(tx, { to: existing.email, ...mail });
      return { status: 'pending' as const };
    }
    const status = owner ? ('active' as const) : ('pending' as const);
    const token = existing && existing.status !== 'unsubscribed' ? existing.token : newToken();
    const values = {
      ...preferences,
      status,
      token,
      userId: owner ? user.id : (existing?.userId ?? null),
      confirmedAt: owner ? now : null,
      unsubscribedAt: null,
    };
    if (existing) {
      await tx.update(alertSubscriptions).set(values).where(eq(alertSubscriptions.id, existing.id));
    } else {
      await tx
        .insert(alertSubscriptions)
        .values({ ...values, pressGroupId: site.id, email: input.email, createdAt: now });
    }
    if (status === 'pending') {
      const mail = renderConfirmation(site, language, token, false);
      await app.mail.enqueue(tx, { to: input.email, ...mail });
    }
    return { status };
  });
}

/**
 * A signed-in user's own subscription on the site, found by their account's (verified) address: the profile
 * shows it and links to its preferences page. An unsubscribed one is none.
 */
export async function ownSubscription(app: FastifyInstance, site: Site, user: AuthUser | null) {
  const row = user ? await findByEmail(app.db, site.id, user.email) : null;
  if (!row || row.status === 'unsubscribed') return { subscription: null };
  return { subscription: { ...(await presentSubscription(app, row)), manage_token: row.token } };
}

/** The mailed link was followed: the subscription is active (following it again changes nothing). */
export async function confirm(app: FastifyInstance, token: string) {
  const row = await findByToken(app.db, token);
  if (row.status === 'unsubscribed') throw linkInvalid();
  if (row.status === 'pending') {
    await app.db
      .update(alertSubscriptions)
      .set({ status: 'active', confirmedAt: app.clock.now() })
      .where(eq(alertSubscriptions.id, row.id));
  }
  return findByToken(app.db, token);
}

export async function updatePreferences(app: FastifyInstance, token: string, input: AlertPreferencesInput) {
  const row = await findByToken(app.db, token);
  if (row.status === 'unsubscribed') throw linkInvalid();
  await checkFollowed(app.db, input.companies ?? [], input.brands ?? []);
  const changes: Partial<SubscriptionRow> = {};
  if (input.languages !== undefined) changes.languages = input.languages;
  if (input.companies !== undefined) changes.companyIds = input.companies;
  if (input.brands !== undefined) changes.brandIds = input.brands;
  if (input.frequency !== undefined) changes.frequency = input.frequency;
  // Only an accredited owner may hear of releases under embargo; switching it off is anyone's right.
  if (input.embargoed_early === false) changes.embargoedEarly = false;
  if (Object.keys(changes).length > 0) {
    await app.db.update(alertSubscriptions).set(changes).where(eq(alertSubscriptions.id, row.id));
  }
  return findByToken(app.db, token);
}

/** One click (RFC 8058) or the preferences page: no more alerts; the row is kept as proof of the opt-out. */
export async function unsubscribe(app: FastifyInstance, token: string) {
  const row = await findByToken(app.db, token);
  if (row.status !== 'unsubscribed') {
    await app.db
      .update(alertSubscriptions)
      .set({ status: 'unsubscribed', unsubscribedAt: app.clock.now() })
      .where(eq(alertSubscriptions.id, row.id));
  }
}

export async function presentSubscription(
  app: FastifyInstance,
  row: SubscriptionRow,
): Promise<AlertSubscription> {
  const named = async (
    table: typeof companies | typeof brands,
    ids: number[],
    name: typeof companies.businessName | typeof brands.name,
  ) =>
    ids.length === 0 ? [] : app.db.select({ id: table.id, name }).from(table).where(inArray(table.id, ids));
  return {
    email: row.email,
    site: row.pressGroupId,
    site_name: app.sites.byId(row.pressGroupId).name,
    languages: row.languages,
    companies: await named(companies, row.companyIds, companies.businessName),
    brands: await named(brands, row.brandIds, brands.name),
    frequency: row.frequency === 'daily' ? 'daily' : 'each',
    embargoed_early: row.embargoedEarly,
    status: row.status as AlertSubscription['status'],
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
  };
}

/** The press office's figures: subscribers per configured site and language, and the newest releases' alerts. */
export async function alertStats(app: FastifyInstance) {
  const perSite = await app.db
    .select({
      site: alertSubscriptions.pressGroupId,
      active: sql<number>`count(*) filter (where ${alertSubscriptions.status} = 'active')::int`,
      pending: sql<number>`count(*) filter (where ${alertSubscriptions.status} = 'pending')::int`,
      daily: sql<number>`count(*) filter (where ${alertSubscriptions.status} = 'active' and ${alertSubscriptions.frequency} = 'daily')::int`,
    })
    .from(alertSubscriptions)
    .groupBy(alertSubscriptions.pressGroupId);
  const perLanguage = await app.db
    .select({
      site: alertSubscriptions.pressGroupId,
      language: sql<string>`l.value`,
      count: sql<number>`count(*)::int`,
    })
    .from(alertSubscriptions)
    .innerJoin(sql`jsonb_array_elements_text(${alertSubscriptions.languages}) as l(value)`, sql`true`)
    .where(eq(alertSubscriptions.status, 'active'))
    .groupBy(alertSubscriptions.pressGroupId, sql`l.value`)
    .orderBy(sql`l.value`);
  const counts = await alertCounts(app.db, 50);
  const titles =
    counts.length === 0
      ? []
      : await app.db.execute(sql`
          select r.id, r.publication_date::text as publication_date,
            coalesce((select t.title from press_release_translations t where t.press_release_id = r.id
              order by case t.language when 'en' then 0 when 'it' then 1 else 2 end, t.language limit 1), '') as title
          from press_releases r where r.id in (${sql.join(
            counts.map((row) => sql`${row.releaseId}`),
            sql`, `,
          )})`);
  const titleRows = rowsOf<{ id: number; title: string; publication_date: string }>(titles);
  return {
    sites: [...app.sites.byName.values()].map((site) => {
      const row = perSite.find((candidate) => candidate.site === site.id);
      return {
        site: site.id,
        name: site.name,
        active: row?.active ?? 0,
        pending: row?.pending ?? 0,
        daily: row?.daily ?? 0,
        by_language: perLanguage
          .filter((candidate) => candidate.site === site.id)
          .map((candidate) => ({ language: candidate.language, count: candidate.count })),
      };
    }),
    releases: counts.flatMap((row) => {
      const release = titleRows.find((candidate) => Number(candidate.id) === row.releaseId);
      return release
        ? [
            {
              id: Number(release.id),
              title: release.title,
              publication_date: release.publication_date,
              queued: row.queued,
              sent: row.sent,
              failed: row.failed,
            },
          ]
        : [];
    }),
  };
}
