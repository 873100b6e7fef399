import type { Executor } from '@pressroom/db';

/**
 * Memoises a prepared query per executor: `build(executor)` (a query builder chain ending in
 * `.prepare(name)`) runs once for the application's database and once per transaction that uses it.
 *
 * Why: on the hot paths (every authenticated request), building the SQL text from drizzle's query builder
 * cost more than running the query. A prepared query keeps the SQL; on PostgreSQL a named statement is also
 * parsed and planned once per pooled connection. Transactions are short-lived executors: the WeakMap lets
 * their entries go with them.
 */
export function preparedPerExecutor<T>(build: (executor: Executor) => T): (executor: Executor) => T {
  const cache = new WeakMap<Executor, T>();
  return (executor) => {
    let query = cache.get(executor);
    if (query === undefined) {
      query = build(executor);
      cache.set(executor, query);
    }
    return query;
  };
}
