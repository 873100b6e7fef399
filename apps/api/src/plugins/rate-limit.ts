import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { RateLimit } from './config.ts';

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

interface Counter {
  current: number;
  startedAt: number;
}

const maxKeys = 10_000;

/**
 * The in-memory counters of @fastify/rate-limit, on the application clock: tests move the clock instead of
 * waiting for a window to end. At most `maxKeys` keys are kept (the oldest window is dropped first).
 */
function clockStore(clock: Clock) {
  return class ClockStore {
    private readonly counters = new Map<string, Counter>();

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock.now().getTime();
      let counter = this.counters.get(key);
      if (!counter || counter.startedAt + timeWindow <= now) {
        this.counters.delete(key);
        counter = { current: 0, startedAt: now };
        if (this.counters.size >= maxKeys) {
          const oldest = this.counters.keys().next().value;
          if (oldest !== undefined) this.counters.delete(oldest);
        }
        this.counters.set(key, counter);
      }
      counter.current += 1;
      callback(null, { current: counter.current, ttl: counter.startedAt + timeWindow - now });
    }

    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock.now().getTime();
      const counter = this.counters.get(key);
      if (!counter || counter.startedAt + timeWindow <= now) return callback(null, { current: 0, ttl: 0 });
      callback(null, { current: counter.current, ttl: counter.startedAt + timeWindow - now });
    }

    child() {
      return new ClockStore();
    }
  };
}

/**
 * Registers @fastify/rate-limit with no global limit; routes opt in with `app.limitRequests(...)`. Several
 * limits can guard one route (e.g. per address and per e-mail), each with its own counters; one name used
 * on several routes is one budget for all of them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, { global: false, store: clockStore(app.clock) });

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

  // Failure counters: the same store as the request limits (the application clock, one place to share later).
  const failures = new (clockStore(app.clock))();
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
function counted(
  call: (callback: (error: Error | null, result?: { current: number; ttl: number }) => void) => void,
): Promise<{ current: number; ttl: number }> {
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
