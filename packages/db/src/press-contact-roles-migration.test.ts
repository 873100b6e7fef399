import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from './client.ts';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

/** Runs the migrations' SQL from `from` up to (not including) `to`, by their number. */
async function runMigrations(query: (text: string) => Promise<unknown>, from: number, to: number) {
  for (const entry of journal.entries.filter((item) => item.idx >= from && item.idx < to)) {
    await query(readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8'));
  }
}

// A fresh embedded database and twenty migrations: half a minute on a busy machine, hence its own bound.
describe('the migration to job titles per language', { timeout: 120_000 }, () => {
  it('keeps the job titles written before as the English ones, and leaves an empty one empty', async () => {
    const database = await openDatabase();
    try {
      const query = (text: string) => database.query(text);
      await runMigrations(query, 0, 19);
      await query(`
        INSERT INTO press_groups (id, name) VALUES (1, 'Tile Fair');
        INSERT INTO press_contacts (press_group_id, name, role) VALUES
          (1, 'Chiara Fontana', 'Head of press office'),
          (1, 'Luca Neri', '');
      `);
      await runMigrations(query, 19, 21);
      const rows = await database.query('SELECT name, roles FROM press_contacts ORDER BY name', []);
      expect(rows.rows).toEqual([
        { name: 'Chiara Fontana', roles: { en: 'Head of press office' } },
        { name: 'Luca Neri', roles: {} },
      ]);
      const role = await database.query(
        "SELECT count(*)::int AS count FROM information_schema.columns WHERE table_name = 'press_contacts' AND column_name = 'role'",
        [],
      );
      expect(role.rows).toEqual([{ count: 0 }]);
    } finally {
      await database.close();
    }
  });
});
