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

/** The caller's address (behind a trusted proxy, the forwarded one: see TRUST_PROXY). */
export const byAddress = (request: FastifyRequest) => request.ip;

/** The e-mail the request body names (`email`, or the `username` alias), lower-cased; null when absent. */
export const byEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown; username?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email : body?.username;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
};
