import rateLimit from '@fastify/rate-limit';
import { rateLimitCounters } from '@pressroom/db';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error.ts';
import type { RateLimit } from './config.ts';
import { jobNames } from './jobs.ts';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preValidation guard allowing `rule.max` requests per `rule.windowSeconds` for each key the function
     * returns (null: not counted). Over the limit: 429 `{detail}` (translated) with Retry-After. Guards made
     * with the same name share one budget.
     */
    limitRequests(name: string, rule: RateLimit, key: (request: FastifyRequest) => string | null): Guard;
    /**
     * A limit on failures only (wrong passwords): `guard` refuses with 429 once `rule.max` failures were
     * recorded for the request's key within the window; `recordFailure` counts one. Successes count nothing,
     * so an owner signing in on several devices is never locked out by their own sign-ins.
     */
    limitFailures(
      name: string,
      rule: RateLimit,
      key: (request: FastifyRequest) => string | null,
    ): { guard: Guard; recordFailure(request: FastifyRequest): Promise<void> };
  }
}

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}
type Done = (error: Error | null, result?: Count) => void;

/**
 * At most this many expired counters of other keys are deleted by each hit, so the table never holds much
 * more than one window's keys; the rate-limit purge job sweeps the rest.
 */
const purgedPerHit = 2;

/**
 * The counters in PostgreSQL (`rate_limit_counters`), so every app server counts against the same budget.
 * One statement per hit: it counts the hit, or starts a new window when the key's window has ended, and
 * answers the count and the window's end; time is `app.clock` (tests move it instead of waiting).
 *
 * A failing database must not turn every call into a 500: the store fails open. The hit is let through as the
 * first of its window and a warning is logged. A limit that holds only while the database answers was
 * preferred to refusing everyone during an outage; the calls behind the limits (sign-in, mail links) need the
 * database anyway and answer 503 on their own (decision 12).
 */
function databaseStore(app: FastifyInstance) {
  const table = rateLimitCounters;

  async function hit(key: string, windowMs: number): Promise<Count> {
    const now = app.clock.now();
    const at = now.toISOString();
    const end = new Date(now.getTime() + windowMs).toISOString();
    const result = await app.db.execute(sql`
      with purged as (
        delete from ${table} where ${table.key} in (
          select ${table.key} from ${table}
          where ${table.expiresAt} <= ${at}::timestamptz and ${table.key} <> ${key}
          limit ${purgedPerHit} for update skip locked)
      )
      insert into ${table} ("key", "count", "expires_at") values (${key}, 1, ${end}::timestamptz)
      on conflict ("key") do update set
        "count" = case when ${table.expiresAt} <= ${at}::timestamptz then 1 else ${table.count} + 1 end,
        "expires_at" = case when ${table.expiresAt} <= ${at}::timestamptz
          then excluded."expires_at" else ${table.expiresAt} end
      returning "count", extract(epoch from "expires_at")::float8 * 1000 as "expires_ms"`);
    // node-postgres answers a result with rows, PGlite too; typed here because the statement is SQL text.
    const [row] = (result as unknown as { rows: { count: number; expires_ms: number }[] }).rows;
    return { current: Number(row.count), ttl: Number(row.expires_ms) - now.getTime() };
  }

  async function peek(key: string): Promise<Count> {
    const now = app.clock.now();
    const [row] = await app.db
      .select({ count: table.count, expiresAt: table.expiresAt })
      .from(table)
      .where(and(eq(table.key, key), gt(table.expiresAt, now)));
    return row
      ? { current: row.count, ttl: row.expiresAt.getTime() - now.getTime() }
      : { current: 0, ttl: 0 };
  }

  function failOpen(error: unknown, key: string, windowMs: number): Count {
    app.log.warn({ err: error, key }, 'rate limit counters unavailable: the request is let through');
    return { current: 0, ttl: windowMs };
  }

  return class DatabaseStore {
    incr(key: string, done: Done, windowMs: number) {
      hit(key, windowMs).then(
        (count) => done(null, count),
        (error) => done(null, failOpen(error, key, windowMs)),
      );
    }

    read(key: string, done: Done, windowMs: number) {
      peek(key).then(
        (count) => done(null, count),
        (error) => done(null, failOpen(error, key, windowMs)),
      );
    }

    child() {
      return new DatabaseStore();
    }
  };
}

/** Deletes the counters whose window has ended (the rate-limit purge job); answers how many. */
export async function purgeExpiredCounters(app: FastifyInstance): Promise<number> {
  const deleted = await app.db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.expiresAt, app.clock.now()))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

/**
 * Registers @fastify/rate-limit with no global limit; routes opt in with `app.limitRequests(...)`. Several
 * limits can guard one route (e.g. per address and per e-mail), each with its own counters; one name used
 * on several routes is one budget for all of them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const Store = databaseStore(app);
  await app.register(rateLimit, { global: false, store: Store });
  await app.jobs.schedule(jobNames.rateLimitPurge, app.config.rateLimitPurgeCron, async () => ({
    deleted: await purgeExpiredCounters(app),
  }));

  // One counter set per name: guards that share a name share their budget (the first rule given applies).
  const checks = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  function checkFor(name: string, rule: RateLimit, key: (request: FastifyRequest) => string | null) {
    let check = checks.get(name);
    if (!check) {
      check = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: (request) => `${name}:${key(request)}`,
      });
      checks.set(name, check);
    }
    return check;
  }

  // Failure counters: the same store as the request limits.
  const failures = new Store();
  app.decorate(
    'limitFailures',
    (name: string, rule: RateLimit, key: (request: FastifyRequest) => string | null) => {
      const windowMs = rule.windowSeconds * 1000;
      const storeKey = (request: FastifyRequest) => {
        const value = key(request);
        return value === null ? null : `${name}:${value}`;
      };
      return {
        async guard(request: FastifyRequest) {
          const counterKey = storeKey(request);
          if (counterKey === null) return;
          const { current, ttl } = await counted((done) => failures.read(counterKey, done, windowMs));
          if (current < rule.max) return;
          const seconds = Math.max(1, Math.ceil(ttl / 1000));
          throw new ApiError(429, { detail: 'throttled' }, { seconds }, { 'Retry-After': String(seconds) });
        },
        async recordFailure(request: FastifyRequest) {
          const counterKey = storeKey(request);
          if (counterKey !== null) await counted((done) => failures.incr(counterKey, done, windowMs));
        },
      };
    },
  );

  app.decorate(
    'limitRequests',
    (name: string, rule: RateLimit, key: (request: FastifyRequest) => string | null) => {
      const check = checkFor(name, rule, key);
      return async (request: FastifyRequest) => {
        if (key(request) === null) return;
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        const seconds = Math.max(1, result.ttlInSeconds);
        throw new ApiError(429, { detail: 'throttled' }, { seconds }, { 'Retry-After': String(seconds) });
      };
    },
  );
});

/** Runs a store's callback-style call as a promise. */
function counted(call: (callback: Done) => void): Promise<Count> {
  return new Promise((resolve, reject) =>
    call((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
}

/** The caller's address (behind a trusted proxy, the forwarded one: see TRUST_PROXY). */
export const byAddress = (request: FastifyRequest) => request.ip;

/** The e-mail the request body names together with the caller's address: one stranger's guesses. */
export const byEmailAndAddress = (request: FastifyRequest) => {
  const email = byEmail(request);
  return email === null ? null : `${email} ${request.ip}`;
};

/** The e-mail the request body names (`email`, or the `username` / `login` aliases), lower-cased; null when absent. */
export const byEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown; username?: unknown; login?: unknown } | undefined;
  const email = [body?.email, body?.username, body?.login].find((value) => typeof value === 'string');
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
};
