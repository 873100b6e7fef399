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
