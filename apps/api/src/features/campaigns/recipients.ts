import type { RecipientFilters } from '@pressroom/contract';
import { type SQL, sql } from 'drizzle-orm';

// Who a list finds, as SQL over `users u`: the filters of one list together (AND), several lists side by side
// (OR), and always only those who agreed to the press office's mail and whose account is active, verified and
// not restricted to legal keeping. What a filter names (an edition, an event) is checked against the site
// when the list is saved.

const anyOf = (column: SQL, values: readonly string[]) =>
  sql`${column} in (${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** The user's latest answer is yes: a withdrawal counts from the moment it is recorded. */
const agreedToPressMail = sql`coalesce((select c.agreed from press_mail_consents c where c.user_id = u.id
  order by c.answered_at desc, c.id desc limit 1), false)`;

const reachableAccount = sql`u.is_active and u.email_verified_at is not null
  and u.press_data_restricted_at is null and ${agreedToPressMail}`;

/** One list's filters as a condition. */
function listCondition(filters: RecipientFilters, siteId: number): SQL {
  const parts: SQL[] = [];
  if (filters.media_types.length > 0) parts.push(anyOf(sql`u.media_type`, filters.media_types));
  if (filters.sectors.length > 0) parts.push(anyOf(sql`u.sector`, filters.sectors));
  if (filters.countries.length > 0) parts.push(anyOf(sql`u.country`, filters.countries));
  if (filters.languages.length > 0) parts.push(anyOf(sql`u.language`, filters.languages));
  if (filters.outlet !== '') {
    const part = filters.outlet.toLowerCase();
    parts.push(
      sql`(strpos(lower(u.newspaper), ${part}) > 0 or strpos(lower(u.publishing_house), ${part}) > 0)`,
    );
  }
  if (filters.edition !== null) {
    parts.push(sql`exists (select 1 from accreditation_requests a
      where a.user_id = u.id and a.edition_id = ${filters.edition} and a.status = 'approved')`);
  }
  if (filters.event !== null) {
    parts.push(sql`exists (select 1 from programme_signups s
      where s.user_id = u.id and s.event_id = ${filters.event} and s.status = 'signed_up')`);
  }
  if (filters.alert_subscribers) {
    parts.push(sql`exists (select 1 from alert_subscriptions s
      where s.press_group_id = ${siteId} and s.status = 'active'
        and (s.user_id = u.id or lower(s.email) = lower(u.email)))`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** Anyone one of the lists finds, each once (a query over `users u` selects them once whatever matches). */
export function recipientsCondition(lists: RecipientFilters[], siteId: number): SQL {
  if (lists.length === 0) return sql`false`;
  const any = sql.join(
    lists.map((filters) => sql`(${listCondition(filters, siteId)})`),
    sql` or `,
  );
  return sql`${reachableAccount} and (${any})`;
}
