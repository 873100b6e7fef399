/** The PostgreSQL error behind a failed query (drivers and drizzle wrap it in a chain of causes). */
function postgresError(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

/** Whether the error is a unique violation, optionally of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresError(error);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === undefined || found.constraint === constraint;
}

/** Each error of the chain a failure is wrapped in: causes (drizzle, pg) and the attempts of an AggregateError. */
function* errorChain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 8 || !error || typeof error !== 'object') return;
  const current = error as Record<string, unknown>;
  yield current;
  if (Array.isArray(current.errors)) {
    for (const inner of current.errors) yield* errorChain(inner, depth + 1);
  }
  yield* errorChain(current.cause, depth + 1);
}

/** Socket errors of a database that cannot be reached (node's codes, as pg passes them on). */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What pg, pg-pool and PGlite say when the connection is gone or never came. */
const unreachableMessages =
  /Connection terminated|connect ETIMEDOUT|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Whether the database is down or restarting, anywhere in the chain: no connection, a connection lost, or
 * PostgreSQL refusing work while it shuts down or starts (SQLSTATE class 08, 57P01-57P03, too many clients).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (unreachableCodes.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (typeof link.message === 'string' && unreachableMessages.test(link.message)) return true;
  }
  return false;
}

/**
 * Whether PostgreSQL refused a value the caller sent (SQLSTATE class 22, data exception: a NUL in text, a
 * number out of range, text that is not a number). The schemas refuse these first; this is the net.
 */
export function isRefusedValue(error: unknown): boolean {
  return postgresError(error)?.code?.startsWith('22') ?? false;
}

/**
 * Whether PostgreSQL cancelled the statement (SQLSTATE 57014): it ran past DATABASE_STATEMENT_TIMEOUT, or an
 * operator cancelled it. The caller may try again; nothing of the statement was kept.
 */
export function isStatementCancelled(error: unknown): boolean {
  return postgresError(error)?.code === '57014';
}
