import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrationsFolder, openDatabase } from './client.ts';

// The migrations that turn free-text countries into ISO 3166-1 codes (0021_country_unmapped, the mapping in
// 0022_countries_as_codes, 0023_country_codes), run on rows written under the schema just before them.

const before = '0021_country_unmapped';

let database: DatabaseHandle;
let cleanup: () => Promise<void>;

/** A fresh database migrated up to (not including) `before`. */
async function databaseBefore(): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'pressroom-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === before);
  if (index < 0) throw new Error(`No migration ${before} in the journal`);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalFile, JSON.stringify(journal));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    database = await openDatabase();
    await migratePglite(database.db as never, { migrationsFolder: folder });
    cleanup = async () => {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    };
    return;
  }
  const name = `test_countries_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ url: url.toString(), maxConnections: 1 });
  await migratePostgres(database.db as never, { migrationsFolder: folder });
  cleanup = async () => {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(folder, { recursive: true, force: true });
  };
}

async function rows(sql: string) {
  return (await database.query(sql, [])).rows;
}

describe('migrations 0021-0023: countries become codes', () => {
  beforeAll(async () => {
    await databaseBefore();
    const typed = [
      'Italy',
      'Italia',
      'italy',
      'ITALIA ',
      'Deutschland',
      'Kingdom of Atlantis',
      '',
      'ÖSTERREICH',
    ];
    for (const [index, country] of typed.entries()) {
      await database.query("INSERT INTO users (email, password_hash, country) VALUES ($1, 'x', $2)", [
        `user${index}@example.com`,
        country,
      ]);
    }
    await database.query(
      `INSERT INTO companies (business_name, match_key, country, pub_country)
       VALUES ('Ceramiche Uno', 'uno', 'Italia', 'Atlantide'), ('Fliesen Zwei', 'zwei', 'Germany', '')`,
      [],
    );
    await database.query(
      `INSERT INTO read_counts (day, press_group_id, kind, item_id, language, media_type, country, count) VALUES
       ('2026-10-01', 1, 'release', 7, 'en', 'print', 'Italy', 3),
       ('2026-10-01', 1, 'release', 7, 'en', 'print', 'Italia', 4),
       ('2026-10-01', 1, 'release', 7, 'en', 'print', 'italy', 5),
       ('2026-10-01', 1, 'release', 7, 'en', 'print', 'Kingdom of Atlantis', 2),
       ('2026-10-01', 1, 'release', 7, 'en', 'print', '', 1)`,
      [],
    );
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await cleanup();
  });

  it('maps names in any language, case and surrounding spaces aside, and keeps what names no country', async () => {
    expect(await rows('SELECT email, country, country_unmapped FROM users ORDER BY id')).toEqual([
      { email: 'user0@example.com', country: 'IT', country_unmapped: '' },
      { email: 'user1@example.com', country: 'IT', country_unmapped: '' },
      { email: 'user2@example.com', country: 'IT', country_unmapped: '' },
      { email: 'user3@example.com', country: 'IT', country_unmapped: '' },
      { email: 'user4@example.com', country: 'DE', country_unmapped: '' },
      { email: 'user5@example.com', country: '', country_unmapped: 'Kingdom of Atlantis' },
      { email: 'user6@example.com', country: '', country_unmapped: '' },
      { email: 'user7@example.com', country: 'AT', country_unmapped: '' },
    ]);
  });

  it("maps a company's registered and public countries the same way", async () => {
    expect(
      await rows(
        'SELECT business_name, country, country_unmapped, pub_country, pub_country_unmapped FROM companies ORDER BY id',
      ),
    ).toEqual([
      {
        business_name: 'Ceramiche Uno',
        country: 'IT',
        country_unmapped: '',
        pub_country: '',
        pub_country_unmapped: 'Atlantide',
      },
      {
        business_name: 'Fliesen Zwei',
        country: 'DE',
        country_unmapped: '',
        pub_country: '',
        pub_country_unmapped: '',
      },
    ]);
  });

  it('sums the counts of one country written three ways under its code and keeps the others', async () => {
    expect(
      await rows(
        'SELECT country, country_unmapped, count FROM read_counts ORDER BY country, country_unmapped',
      ),
    ).toEqual([
      { country: '', country_unmapped: '', count: 1 },
      { country: '', country_unmapped: 'Kingdom of Atlantis', count: 2 },
      { country: 'IT', country_unmapped: '', count: 12 },
    ]);
  });

  it('leaves no helper behind', async () => {
    expect(await rows("SELECT proname FROM pg_proc WHERE proname = 'pressroom_country_key'")).toEqual([]);
  });
});
