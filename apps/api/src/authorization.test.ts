import { describe, expect, it } from 'vitest';
import {
  callers,
  context,
  headers,
  missing,
  type Row,
  setUpAuthorizationApp,
  table,
} from './authorization-test-setup.ts';

/**
 * Who may call what: one row per operation of the OpenAPI description (method and path), with the kinds of
 * caller allowed, to be read next to the table of PRODUCT.md section 3. A route added without a row fails the
 * first test. A refused caller gets 401 (signed out) or 403; an admitted one gets past the permission check
 * (ids that do not exist then answer 404, bodies that say nothing 400). Which rows of a kind a caller may touch
 * (their company's galleries and releases, their company's agents) is each feature's own test.
 */

setUpAuthorizationApp();

function request(row: Row) {
  const [method, path] = row.operation.split(' ');
  return {
    method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: row.url?.() ?? path.replace(/\{\w+\}/g, String(missing)),
  };
}

describe('authorization: every operation x every kind of caller (PRODUCT.md section 3)', () => {
  it('has one row for every operation of the OpenAPI description, and none for an operation it lacks', async () => {
    const description = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = description.json().paths as Record<string, Record<string, unknown>>;
    const described = Object.entries(paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const rows = table.map((row) => row.operation);
    expect(rows.filter((operation, index) => rows.indexOf(operation) !== index)).toEqual([]);
    expect({
      withoutRow: described.filter((operation) => !rows.includes(operation)),
      notInTheApi: rows.filter((operation) => !described.includes(operation)),
    }).toEqual({ withoutRow: [], notInTheApi: [] });
  });

  for (const row of table) {
    it(`${row.operation}: ${row.allowed.length === callers.length ? 'everyone' : row.allowed.join(', ')}`, async () => {
      const outcome: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const caller of callers) {
        const payload = row.payload?.();
        const response = await context.app.inject({
          ...request(row),
          headers: { ...headers[caller], ...payload?.headers },
          payload: payload?.body as never,
        });
        const admitted = response.statusCode !== 401 && response.statusCode !== 403;
        outcome[caller] = admitted ? 'admitted' : String(response.statusCode);
        expected[caller] = row.allowed.includes(caller) ? 'admitted' : caller === 'anonymous' ? '401' : '403';
      }
      expect(outcome).toEqual(expected);
    });
  }
});
