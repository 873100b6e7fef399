import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  pressMailConsents,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleases,
  roleGroups,
  userRoleGroups,
  users,
} from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCreateUser, parseOptions, runCommand, storageCopy, UsageError } from './cli.ts';
import { demoAdministrator } from './demo/seed-demo.ts';
import { verifyPassword } from './lib/passwords.ts';
import { type FileStore, localFileStore, openFileStore } from './lib/storage/index.ts';
import { testConfig } from './test-support/app.ts';
import { startS3Server, type TestS3Server } from './test-support/s3.ts';

const valid = [
  '--email',
  'Editor@Example.test',
  '--password',
  'Ceramics_2026',
  '--first-name',
  'Ada',
  '--last-name',
  'Rossi',
  '--groups',
  'administrator_press_room,user_press_room',
];

describe('command line arguments', () => {
  it('reads create-user options in both --name value and --name=value forms', () => {
    expect(parseCreateUser([...valid, '--company-id=12'])).toEqual({
      email: 'Editor@Example.test',
      password: 'Ceramics_2026',
      firstName: 'Ada',
      lastName: 'Rossi',
      groups: ['administrator_press_room', 'user_press_room'],
      companyId: 12,
      pressMail: null,
    });
    expect(parseCreateUser(valid).companyId).toBeNull();
    expect(parseCreateUser([...valid, '--press-mail', 'declined']).pressMail).toBe(false);
    expect(() => parseCreateUser([...valid, '--press-mail', 'maybe'])).toThrow(
      '--press-mail: "maybe" is neither agreed nor declined',
    );
  });

  it.each([
    [['--email', 'a@b.test'], /missing --password, --first-name, --last-name, --groups/],
    [[...valid, '--colour', 'blue'], /unknown option --colour/],
    [[...valid, '--email', 'x@y.test'], /--email is given twice/],
    [['--email'], /--email needs a value/],
    [['--email', '--password', 'x'], /--email needs a value/],
    [['stray', ...valid], /unexpected argument "stray"/],
    [
      valid.map((value) => (value === 'Editor@Example.test' ? 'not-an-email' : value)),
      /--email: "not-an-email"/,
    ],
    [
      valid.map((value) => (value === 'Ceramics_2026' ? 'weakpass' : value)),
      /--password: Must have at least one capital letter; Must have at least one number; Must have at least one special character/,
    ],
    [
      valid.map((value) =>
        value.startsWith('administrator_press_room,') ? 'editor,user_press_room' : value,
      ),
      /--groups: unknown group\(s\) editor/,
    ],
    [[...valid, '--company-id', 'abc'], /--company-id: "abc" is not a positive whole number/],
    [[...valid, '--company-id', '0'], /--company-id: "0"/],
  ])('refuses %j with a clear message', (args, message) => {
    expect(() => parseCreateUser(args as string[])).toThrow(UsageError);
    expect(() => parseCreateUser(args as string[])).toThrow(message);
  });

  it('keeps an = inside a value', () => {
    expect(parseOptions(['--password=a=b'], ['password'])).toEqual({ password: 'a=b' });
  });
});

describe('command line commands', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir: string;
  const lines: string[] = [];
  const now = new Date('2026-06-01T09:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-cli-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (command: string | undefined, args: string[] = []) =>
    runCommand(command, args, {
      config: testConfig({ dataDir }),
      database,
      now,
      out: (line) => lines.push(line),
    });

  const counts = async () => {
    const [releases] = await database.db.select({ count: sql<number>`count(*)::int` }).from(pressReleases);
    const [files] = await database.db.select({ count: sql<number>`count(*)::int` }).from(pressReleaseFiles);
    const [people] = await database.db.select({ count: sql<number>`count(*)::int` }).from(users);
    return { releases: releases.count, files: files.count, users: people.count };
  };

  it('seeds the demo once: an administrator whose credentials are printed, and releases over three years', async () => {
    await run('seed-demo');
    expect(lines).toContain(
      `created administrator_global: e-mail ${demoAdministrator.email}  password ${demoAdministrator.password}`,
    );
    const [admin] = await database.db.select().from(users).where(eq(users.email, demoAdministrator.email));
    expect(admin.isActive).toBe(true);
    expect(await verifyPassword(demoAdministrator.password, admin.passwordHash)).toBe(true);
    const years = await database.db
      .selectDistinct({ year: sql<number>`extract(year from ${pressReleases.publicationDate})::int` })
      .from(pressReleases);
    expect(years.length).toBeGreaterThanOrEqual(3);
    const embargoed = await database.db
      .select()
      .from(pressReleases)
      .where(sql`${pressReleases.embargoUntil} > ${now.toISOString()}::timestamptz`);
    expect(embargoed).toHaveLength(1);
    const scheduled = await database.db
      .select({ publishAt: pressReleases.publishAt })
      .from(pressReleases)
      .where(sql`${pressReleases.publishAt} > ${now.toISOString()}::timestamptz`);
    // A few days ahead of the seeding, whenever it happens.
    expect(scheduled).toHaveLength(1);
    const daysAhead = (scheduled[0].publishAt?.getTime() ?? 0) - now.getTime();
    expect(daysAhead).toBeGreaterThan(3 * 86_400_000);
    expect(daysAhead).toBeLessThan(5 * 86_400_000);
    const before = await counts();
    expect(before.releases).toBe(8);
    // Every release has a picture for its cover; each site features two on its Home.
    expect(before.files).toBe(8);
    const featured = await database.db
      .select({ site: pressReleaseGroups.pressGroupId, count: sql<number>`count(*)::int` })
      .from(pressReleaseGroups)
      .where(isNotNull(pressReleaseGroups.featuredSlot))
      .groupBy(pressReleaseGroups.pressGroupId);
    expect(featured.map((row) => row.count)).toEqual([2, 2]);

    lines.length = 0;
    await run('seed-demo');
    expect(await counts()).toEqual(before);
    expect(lines).toContain(
      `administrator_global ${demoAdministrator.email} already exists (password unchanged)`,
    );
    expect(lines).toContain('demo releases already present');
  }, 120_000);

  it('creates an active user in the given groups, and refuses a taken e-mail clearly', async () => {
    await run('create-user', [...valid, '--company-id', '5']);
    const [user] = await database.db.select().from(users).where(eq(users.email, 'Editor@Example.test'));
    expect(user).toMatchObject({ isActive: true, firstName: 'Ada', lastName: 'Rossi', companyId: 5 });
    const groups = await database.db.select().from(userRoleGroups).where(eq(userRoleGroups.userId, user.id));
    expect(groups).toHaveLength(2);
    await expect(
      run(
        'create-user',
        valid.map((v) => (v === 'Editor@Example.test' ? 'editor@example.TEST' : v)),
      ),
    ).rejects.toThrow('a user with the e-mail editor@example.TEST already exists');
  });

  const usersFile = async (name: string, text: string) => {
    const file = path.join(dataDir, name);
    await writeFile(file, text);
    return file;
  };
  const header = 'email,password,first_name,last_name,groups,company_id';

  it('creates every user of a CSV file, groups space-separated, in one run', async () => {
    const file = await usersFile(
      'team.csv',
      `\ufeff${header}\nchiara@press.test,Ceramics_2026,Chiara,Bianchi,administrator_press_room user_press_room,\n` +
        '"ines@press.test","Tiles#2026","Inès","Moreau, de",agent_press_room_external_company,7\n',
    );
    lines.length = 0;
    await run('create-users', ['--file', file]);
    const created = await database.db
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        companyId: users.companyId,
      })
      .from(users)
      .where(sql`${users.email} in ('chiara@press.test', 'ines@press.test')`)
      .orderBy(users.email);
    expect(created).toEqual([
      { email: 'chiara@press.test', firstName: 'Chiara', lastName: 'Bianchi', companyId: null },
      { email: 'ines@press.test', firstName: 'Inès', lastName: 'Moreau, de', companyId: 7 },
    ]);
    const [chiara] = await database.db.select().from(users).where(eq(users.email, 'chiara@press.test'));
    const chiaraGroups = await database.db
      .select({ name: roleGroups.name })
      .from(userRoleGroups)
      .innerJoin(roleGroups, eq(roleGroups.id, userRoleGroups.roleGroupId))
      .where(eq(userRoleGroups.userId, chiara.id));
    expect(chiaraGroups.map((row) => row.name).sort()).toEqual([
      'administrator_press_room',
      'user_press_room',
    ]);
    expect(await verifyPassword('Ceramics_2026', chiara.passwordHash)).toBe(true);
    expect(lines.at(-1)).toBe('created 2 user(s)');
  });

  it("records a journalist's answer about the press office's mail given before, and leaves a blank unasked", async () => {
    const file = await usersFile(
      'answered.csv',
      'email,password,first_name,last_name,groups,press_mail\n' +
        'lea@press.test,Ceramics_2026,Léa,Martin,user_press_room,agreed\n' +
        'bo@press.test,Ceramics_2026,Bo,Lind,user_press_room,\n',
    );
    await run('create-users', ['--file', file]);
    const answers = await database.db
      .select({ email: users.email, agreed: pressMailConsents.agreed, site: pressMailConsents.pressGroupId })
      .from(users)
      .leftJoin(pressMailConsents, eq(pressMailConsents.userId, users.id))
      .where(sql`${users.email} in ('lea@press.test', 'bo@press.test')`)
      .orderBy(users.email);
    expect(answers).toEqual([
      { email: 'bo@press.test', agreed: null, site: null },
      { email: 'lea@press.test', agreed: true, site: null },
    ]);
  });

  it('creates none of a file whose row names a taken e-mail, and names the line of a bad row', async () => {
    const [{ count: before }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(users);
    const taken = await usersFile(
      'taken.csv',
      `${header}\nnew-one@press.test,Ceramics_2026,New,One,user_press_room,\nchiara@press.test,Ceramics_2026,Chiara,B,user_press_room,\n`,
    );
    await expect(run('create-users', ['--file', taken])).rejects.toThrow(
      'a user with the e-mail chiara@press.test already exists',
    );
    const weak = await usersFile(
      'weak.csv',
      `${header}\nok@press.test,Ceramics_2026,O,K,user_press_room,\nweak@press.test,weak,W,K,user_press_room,\n`,
    );
    await expect(run('create-users', ['--file', weak])).rejects.toThrow(`${weak} line 3: --password:`);
    const twice = await usersFile(
      'twice.csv',
      `${header}\na@press.test,Ceramics_2026,A,A,user_press_room,\nA@press.test,Ceramics_2026,A,A,user_press_room,\n`,
    );
    await expect(run('create-users', ['--file', twice])).rejects.toThrow(
      `${twice} line 3: --email: A@press.test is on an earlier line too`,
    );
    const columns = await usersFile(
      'columns.csv',
      'email,password,colour\nx@press.test,Ceramics_2026,blue\n',
    );
    await expect(run('create-users', ['--file', columns])).rejects.toThrow('unknown column(s) colour');
    await expect(run('create-users', ['--file', path.join(dataDir, 'absent.csv')])).rejects.toThrow(
      'cannot read',
    );
    const [{ count: after }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(after).toBe(before);
  });

  it('migrates, and refuses unknown commands and stray options', async () => {
    await run('migrate');
    expect(lines).toContain('migrations applied');
    await expect(run('frobnicate')).rejects.toThrow('unknown command "frobnicate"');
    await expect(run('migrate', ['--now'])).rejects.toThrow('migrate takes no options');
    await expect(run('seed-demo', ['x'])).rejects.toThrow(UsageError);
  });
});

describe('storage-copy', () => {
  let dataDir: string;
  let server: TestS3Server;
  let bucket: FileStore;
  const lines: string[] = [];
  const files = new Map<string, Buffer>();

  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const copy = (args: string[] = [], storage = server.storage('copied')) => {
    lines.length = 0;
    return storageCopy(args, { config: testConfig({ dataDir, storage }), out: (line) => lines.push(line) });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-cli-'));
    server = await startS3Server();
    bucket = openFileStore(server.storage('copied'), dataDir);
    // An installation's files as the local driver kept them, with a leftover of the old temporary folder.
    const uploads = localFileStore(path.join(dataDir, 'uploads'));
    const photo = randomBytes(9 * 1024 * 1024);
    files.set(`gallery/originals/ab/${sha256(photo)}.jpg`, photo);
    files.set('gallery/thumbnails/ab/small.webp', randomBytes(4000));
    files.set('press-releases/cd/fair-dates.pdf', Buffer.from('%PDF-1.4 the fair dates'));
    files.set('accreditation/2026-05-01T10/proof.png', randomBytes(1234));
    files.set('press-kit/ef/empty.txt', Buffer.alloc(0));
    for (const [key, bytes] of files) await uploads.putBytes(key, bytes);
    await uploads.putBytes('tmp/seed-4242/notes.txt', Buffer.from('left behind by an old demo seed'));
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every file of DATA_DIR/uploads into the store under its key, each read back with its SHA-256', async () => {
    expect(await copy()).toBe(0);
    expect(lines).toEqual([
      `copying the files of ${path.join(dataDir, 'uploads')} into s3://${server.bucket}/copied/ at ${server.endpoint}`,
      'copied 5 file(s), each read back with the same SHA-256; skipped 0 already in the store with the same size and SHA-256; failed 0',
      'left out 1 file(s) of the old temporary folder tmp/',
    ]);
    for (const [key, bytes] of files) expect((await buffer(await bucket.read(key))).equals(bytes)).toBe(true);
    expect(await bucket.stat('tmp/seed-4242/notes.txt')).toBeNull();
    // The local files stay where they are.
    const uploads = localFileStore(path.join(dataDir, 'uploads'));
    for (const key of files.keys()) expect(await uploads.stat(key)).not.toBeNull();
  });

  it('skips, when run again, every file already in the store with the same size and SHA-256', async () => {
    expect(await copy()).toBe(0);
    expect(lines[1]).toBe(
      'copied 0 file(s), each read back with the same SHA-256; skipped 5 already in the store with the same size and SHA-256; failed 0',
    );
  });

  it('finds an object damaged in the store (same size, other bytes) and copies it again', async () => {
    const key = 'press-releases/cd/fair-dates.pdf';
    const original = files.get(key) as Buffer;
    await bucket.putBytes(key, Buffer.from('%PDF-1.4 the fair DATES'));
    expect(await bucket.stat(key)).toEqual({ size: original.length });
    expect(await copy()).toBe(0);
    expect(lines[1]).toBe(
      'copied 1 file(s), each read back with the same SHA-256; skipped 4 already in the store with the same size and SHA-256; failed 0',
    );
    expect((await buffer(await bucket.read(key))).equals(original)).toBe(true);
  });

  it('copies from another directory with --from', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'pressroom-cli-'));
    try {
      await localFileStore(elsewhere).putBytes('magazines/12/cover.jpg', Buffer.from('cover'));
      expect(await copy(['--from', elsewhere])).toBe(0);
      expect(lines[1]).toMatch(/^copied 1 file\(s\)/);
      expect((await buffer(await bucket.read('magazines/12/cover.jpg'))).toString()).toBe('cover');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('names each file it could not copy with the reason, and answers exit code 1', async () => {
    const refused = server.storage('copied', { S3_ACCESS_KEY_ID: 'NOT-AN-ACCOUNT' });
    expect(await copy([], refused)).toBe(1);
    expect(lines[1]).toBe(
      'copied 0 file(s), each read back with the same SHA-256; skipped 0 already in the store with the same size and SHA-256; failed 5',
    );
    expect(lines.slice(3)).toEqual(
      [...files.keys()].sort().map((key) => `failed: ${key}: the store answered HTTP 403`),
    );
  });

  it('refuses to copy the files onto themselves, or from a directory that is not there', async () => {
    const local = testConfig({ dataDir }).storage;
    await expect(copy([], local)).rejects.toThrow(UsageError);
    await expect(copy([], local)).rejects.toThrow(
      `STORAGE_URL must name the store to copy into, not ${path.join(dataDir, 'uploads')} where the files are`,
    );
    await expect(copy(['--from', path.join(dataDir, 'nowhere')])).rejects.toThrow(
      `--from: no directory at ${path.join(dataDir, 'nowhere')}`,
    );
    await expect(copy(['--to', 's3://elsewhere'])).rejects.toThrow('unknown option --to');
  });
});
