import { apiPaths } from '@pressroom/contract';
import { sql } from 'drizzle-orm';
import { authHeader } from '../../../apps/api/src/test-support/factories.ts';
import type { BenchModule } from '../harness.ts';

/** The DataTables query a browser table of press groups sends (two columns, ordered by id, no search). */
function pressGroupTableQuery(): string {
  const params = new URLSearchParams({ format: 'datatables', draw: '1', start: '0', length: '10' });
  ['id', 'name'].forEach((column, index) => {
    params.set(`columns[${index}][data]`, column);
    params.set(`columns[${index}][name]`, '');
    params.set(`columns[${index}][searchable]`, 'true');
    params.set(`columns[${index}][orderable]`, 'true');
    params.set(`columns[${index}][search][value]`, '');
    params.set(`columns[${index}][search][regex]`, 'false');
  });
  params.set('order[0][column]', '0');
  params.set('order[0][dir]', 'asc');
  params.set('search[value]', '');
  params.set('search[regex]', 'false');
  return params.toString();
}

/**
 * The ceilings (a bare route and a `SELECT 1` route, through every hook the real routes pass) and the
 * platform's calls: token refresh, profile, the press-group DataTables list.
 */
export const platformBench: BenchModule = {
  name: 'platform',
  beforeListen(app) {
    app.get('/bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
    app.get('/bench/select-1', { schema: { hide: true } }, async () => {
      await app.db.execute(sql`select 1`);
      return { ok: true };
    });
  },
  async setup(ctx) {
    const token = ctx.admin.token;
    return {
      load: [
        { name: 'bare route', path: '/bench/bare' },
        { name: 'SELECT 1', path: '/bench/select-1' },
        {
          name: 'token-refresh',
          method: 'POST',
          path: apiPaths.tokenRefresh,
          body: JSON.stringify({ token }),
        },
        { name: 'profile GET', path: apiPaths.profile, headers: authHeader(token) },
        { name: 'press_group datatables', path: `${apiPaths.pressGroups}?${pressGroupTableQuery()}` },
      ],
    };
  },
};
