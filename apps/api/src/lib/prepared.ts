import { createHash } from 'node:crypto';
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

/** How many SQL texts get a name; past them, queries run unnamed (parsed and planned each time). */
const maxNamedStatements = 256;
const statementNames = new Map<string, string>();

/**
 * Runs a query built for this request as a statement named after its SQL text, so that on PostgreSQL each
 * pooled connection parses it once and, once its plans prove alike, stops planning it (a generic plan).
 *
 * Why: a list whose SQL depends on the request (its filters, ordering, searched columns) cannot be written
 * once as `preparedPerExecutor` is, yet most requests repeat a few shapes with new values. For the release
 * search, parsing and planning cost more than running it (about 20 of 40 ms). The values stay parameters, so
 * one text serves every search term. The names are bounded: a caller making up shapes cannot make every
 * connection keep statements without end.
 */
export function executeNamed<Result>(query: {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<Result> };
  execute(): Promise<Result>;
}): Promise<Result> {
  const text = query.toSQL().sql;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < maxNamedStatements) {
    name = `named_${createHash('sha1').update(text).digest('hex')}`;
    statementNames.set(text, name);
  }
  return name === undefined ? query.execute() : query.prepare(name).execute();
}
