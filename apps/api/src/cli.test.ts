import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pressReleaseFiles, pressReleases, userRoleGroups, users } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCreateUser, parseOptions, runCommand, UsageError } from './cli.ts';
import { demoAdministrator } from './demo/seed-demo.ts';
import { verifyPassword } from './lib/passwords.ts';
import { testConfig } from './test-support/app.ts';

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
    });
    expect(parseCreateUser(valid).companyId).toBeNull();
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
    const before = await counts();
    expect(before.releases).toBe(7);
    expect(before.files).toBe(3);

    lines.length = 0;
    await run('seed-demo');
    expect(await counts()).toEqual(before);
    expect(lines).toContain(
      `administrator_global ${demoAdministrator.email} already exists (password unchanged)`,
    );
    expect(lines).toContain('demo releases already present');
  });

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

  it('migrates, and refuses unknown commands and stray options', async () => {
    await run('migrate');
    expect(lines).toContain('migrations applied');
    await expect(run('frobnicate')).rejects.toThrow('unknown command "frobnicate"');
    await expect(run('migrate', ['--now'])).rejects.toThrow('migrate takes no options');
    await expect(run('seed-demo', ['x'])).rejects.toThrow(UsageError);
  });
});
