import { roles } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { roleGroups } from './schema/index.ts';
import { openTestDatabase } from './testing.ts';

describe('migrations', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('create the six role groups of the specification', async () => {
    const rows = await database.db.select({ name: roleGroups.name }).from(roleGroups);
    expect(rows.map((row) => row.name).sort()).toEqual([...roles].sort());
  });

  it('can be applied again without changing anything', async () => {
    await database.migrate();
    const rows = await database.db.select().from(roleGroups);
    expect(rows).toHaveLength(6);
  });
});
