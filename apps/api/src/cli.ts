import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordSchema, roles, translateMessage } from '@pressroom/contract';
import { type DatabaseHandle, DatabaseInUseError, type Executor, openDatabase } from '@pressroom/db';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { seedDemo } from './demo/seed-demo.ts';
import { purgeExpiredData } from './features/account/retention.ts';
import { createActiveUser } from './features/account/service.ts';
import { purgeExpiredProofs } from './features/accreditation/index.ts';
import { recordPressMailAnswer } from './features/campaigns/index.ts';
import { seedDemoContentInto } from './features/demo-content/seed.ts';
import { systemClock } from './lib/clock.ts';
import { copyStore } from './lib/storage/copy.ts';
import { localFileStore, openFileStore, temporaryDirectory } from './lib/storage/index.ts';
import { type Config, ConfigError, loadConfig } from './plugins/config.ts';
import { queueMail } from './plugins/mail.ts';
import { loadSites, siteById } from './plugins/sites.ts';

/** A mistake in the command line: printed with the usage, exit code 64 (EX_USAGE). */
export class UsageError extends Error {}

const usage = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                      apply pending database migrations
  seed-demo                    create the demo sites, an administrator_global and press releases (idempotent)
  create-user --email E --password P --first-name F --last-name L --groups g1,g2 [--company-id N]
              [--press-mail agreed|declined]
                               create an active user in the given role groups
                               (groups: ${roles.join(', ')}), with the journalist's answer
                               about the press office's mail if they gave one (else asked at sign-in)
  create-users --file F.csv    create one active user per row of a CSV file whose header names the columns
                               email, password, first_name, last_name, groups (space-separated) and,
                               optionally, company_id and press_mail; every row is checked first, and either all rows are
                               created or, when one is refused, none
  purge                        apply the retention rule (run daily): delete sign-ups unverified for 30 days;
                               with FAIR_END_DATE, restrict press data at fair end + 6 months and delete it
                               6 years later
  storage-copy [--from DIR]    copy every file of DATA_DIR/uploads (or DIR) into the store STORAGE_URL names,
                               each read back and checked by SHA-256; files already there with the same size
                               and SHA-256 are skipped, so running it again finishes or repairs a copy;
                               exit code 1 when a file failed
`;

/** Reads `--name value` and `--name=value` options; every option needs a value and may appear once. */
export function parseOptions(args: string[], allowed: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const argument = args[i];
    if (!argument.startsWith('--')) throw new UsageError(`unexpected argument "${argument}"`);
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2);
    if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (name in options) throw new UsageError(`--${name} is given twice`);
    const value = inline ?? args[i + 1];
    if (inline === undefined) i += 1;
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value`);
    }
    options[name] = value;
  }
  return options;
}

export interface CreateUserArguments {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  groups: string[];
  companyId: number | null;
  /** The journalist's answer about the press office's mail, given before the account was made; null: unasked. */
  pressMail: boolean | null;
}

const createUserOptions = [
  'email',
  'password',
  'first-name',
  'last-name',
  'groups',
  'company-id',
  'press-mail',
] as const;
const optionalCreateUserOptions: readonly string[] = ['company-id', 'press-mail'];

export function parseCreateUser(args: string[]): CreateUserArguments {
  const options = parseOptions(args, createUserOptions);
  const missing = createUserOptions.filter(
    (name) => !optionalCreateUserOptions.includes(name) && !options[name]?.trim(),
  );
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
  const email = z.email().safeParse(options.email.trim());
  if (!email.success) throw new UsageError(`--email: "${options.email}" is not an e-mail address`);
  const password = passwordSchema.safeParse(options.password);
  if (!password.success) {
    const reasons = password.error.issues.map((issue) => translateMessage('en', issue.message));
    throw new UsageError(`--password: ${reasons.join('; ')}`);
  }
  const groups = options.groups
    .split(',')
    .map((group) => group.trim())
    .filter(Boolean);
  const unknown = groups.filter((group) => !(roles as readonly string[]).includes(group));
  if (groups.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--groups: unknown group(s) ${unknown.join(', ') || '(none given)'}; use ${roles.join(', ')}`,
    );
  }
  let companyId: number | null = null;
  if (options['company-id'] !== undefined) {
    if (!/^\d{1,9}$/.test(options['company-id']) || Number(options['company-id']) < 1) {
      throw new UsageError(`--company-id: "${options['company-id']}" is not a positive whole number`);
    }
    companyId = Number(options['company-id']);
  }
  const pressMail = options['press-mail'];
  if (pressMail !== undefined && pressMail !== 'agreed' && pressMail !== 'declined') {
    throw new UsageError(`--press-mail: "${pressMail}" is neither agreed nor declined`);
  }
  return {
    email: email.data,
    password: options.password,
    firstName: options['first-name'].trim(),
    lastName: options['last-name'].trim(),
    groups,
    companyId,
    pressMail: pressMail === undefined ? null : pressMail === 'agreed',
  };
}

/** A users file larger than this is refused unread: it is a list of accounts, not a data import. */
const usersFileMaxBytes = 1024 * 1024;
const usersFileColumns = [
  'email',
  'password',
  'first_name',
  'last_name',
  'groups',
  'company_id',
  'press_mail',
] as const;

/**
 * Reads `create-users --file F.csv`: each row through the same checks as `create-user`'s options, so that a
 * row's mistake is reported with its line before anything is written.
 */
async function readUsersFile(args: string[]): Promise<CreateUserArguments[]> {
  const { file } = parseOptions(args, ['file']);
  if (!file) throw new UsageError('missing --file');
  const size = await stat(file).then(
    (info) => info.size,
    () => {
      throw new UsageError(`--file: cannot read ${file}`);
    },
  );
  if (size > usersFileMaxBytes) throw new UsageError(`--file: ${file} is larger than 1 MB`);
  let records: Record<string, string>[];
  try {
    records = parseCsv(await readFile(file), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new UsageError(`--file: ${file} is not a CSV file (${(error as Error).message})`);
  }
  if (records.length === 0) throw new UsageError(`--file: ${file} has no users`);
  const columns = Object.keys(records[0]);
  const unknown = columns.filter((column) => !(usersFileColumns as readonly string[]).includes(column));
  if (unknown.length > 0) {
    throw new UsageError(
      `--file: unknown column(s) ${unknown.join(', ')}; use ${usersFileColumns.join(', ')}`,
    );
  }
  const seen = new Set<string>();
  return records.map((record, index) => {
    const line = index + 2;
    const options = Object.entries(record)
      .filter(([column, value]) => !((column === 'company_id' || column === 'press_mail') && value === ''))
      .flatMap(([column, value]) => [
        `--${column.replace('_', '-')}`,
        column === 'groups' ? value.split(/\s+/).join(',') : value,
      ]);
    try {
      const user = parseCreateUser(options);
      const key = user.email.toLowerCase();
      if (seen.has(key)) throw new UsageError(`--email: ${user.email} is on an earlier line too`);
      seen.add(key);
      return user;
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`${file} line ${line}: ${error.message}`);
      throw error;
    }
  });
}

/**
 * Opens the database as the server does: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR, which
 * is refused (DatabaseInUseError) while another process, such as the running server, has it open.
 */
function openConfiguredDatabase(config: Config, command: string) {
  return openDatabase({
    url: config.databaseUrl,
    pgliteDirectory: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    owner: `the command line (${command})`,
  });
}

type Output = (line: string) => void;

/**
 * `storage-copy`: copies the local files (DATA_DIR/uploads, or --from) into the store the configuration names,
 * which must be another one. Answers the exit code: 0 when every file is in the store, 1 when some failed.
 * Needs no database: the keys are the files' relative paths.
 */
export async function storageCopy(args: string[], context: { config: Config; out: Output }): Promise<number> {
  const { config, out } = context;
  const options = parseOptions(args, ['from']);
  const from = path.resolve(options.from ?? path.join(config.dataDir, 'uploads'));
  if (config.storage.kind === 'local' && path.resolve(config.storage.directory) === from) {
    throw new UsageError(
      `STORAGE_URL must name the store to copy into, not ${from} where the files are: e.g. STORAGE_URL=s3://bucket/prefix with S3_ENDPOINT and S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY`,
    );
  }
  if (!(await stat(from).catch(() => null))?.isDirectory()) {
    throw new UsageError(
      `${options.from === undefined ? 'DATA_DIR/uploads' : '--from'}: no directory at ${from}`,
    );
  }
  const target = openFileStore(config.storage, config.dataDir);
  out(`copying the files of ${from} into ${target.description}`);
  const report = await copyStore(localFileStore(from), target, {
    workDirectory: temporaryDirectory(config.dataDir, 'storage-copy'),
    progress: out,
  });
  out(
    `copied ${report.copied} file(s), each read back with the same SHA-256; skipped ${report.skipped} already in the store with the same size and SHA-256; failed ${report.failed.length}`,
  );
  if (report.leftOut > 0) out(`left out ${report.leftOut} file(s) of the old temporary folder tmp/`);
  for (const failure of report.failed) out(`failed: ${failure.key}: ${failure.reason}`);
  return report.failed.length > 0 ? 1 : 0;
}

async function createUserFromArguments(executor: Executor, input: CreateUserArguments, now: Date) {
  const user = await createActiveAccount(executor, input, now);
  // An answer given elsewhere (a list of journalists who already chose), recorded as the sign-up records one:
  // on no site, in the account's language.
  if (input.pressMail !== null) {
    await recordPressMailAnswer(
      executor,
      user.id,
      input.pressMail,
      { site: null, language: user.language },
      now,
    );
  }
  return user;
}

async function createActiveAccount(executor: Executor, input: CreateUserArguments, now: Date) {
  try {
    return await createActiveUser(
      executor,
      {
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        roles: input.groups,
        companyId: input.companyId,
      },
      now,
    );
  } catch (error) {
    // A taken e-mail comes back as a validation error of the account service.
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 400) {
      throw new UsageError(`--email: a user with the e-mail ${input.email} already exists`);
    }
    throw error;
  }
}

/** Runs one command against an open, migrated database. Exposed for tests. */
export async function runCommand(
  command: string | undefined,
  args: string[],
  context: { config: Config; database: DatabaseHandle; now: Date; out: Output },
) {
  const { config, database, now, out } = context;
  switch (command) {
    case 'migrate':
      if (args.length > 0) throw new UsageError('migrate takes no options');
      await database.migrate();
      out('migrations applied');
      return;
    case 'seed-demo':
      if (args.length > 0) throw new UsageError('seed-demo takes no options');
      await database.migrate();
      await seedDemo(database.db, config, openFileStore(config.storage, config.dataDir), now, out);
      await seedDemoContentInto(database, config, out);
      return;
    case 'create-user': {
      const input = parseCreateUser(args);
      await database.migrate();
      const user = await createUserFromArguments(database.db, input, now);
      out(`created user ${user.id} <${user.email}> in ${input.groups.join(', ')}`);
      return;
    }
    case 'create-users': {
      const inputs = await readUsersFile(args);
      await database.migrate();
      // One transaction: a refused row (a taken e-mail) leaves no account of the file behind.
      const created = await database.db.transaction(async (tx) => {
        const users = [];
        for (const input of inputs)
          users.push({ user: await createUserFromArguments(tx, input, now), input });
        return users;
      });
      for (const { user, input } of created) {
        out(`created user ${user.id} <${user.email}> in ${input.groups.join(', ')}`);
      }
      out(`created ${created.length} user(s)`);
      return;
    }
    case 'purge': {
      if (args.length > 0) throw new UsageError('purge takes no options');
      await database.migrate();
      // Run without a server: the mails of the waiting promoted go into the queue the servers deliver.
      const loaded = await loadSites(database.db, config);
      const report = await purgeExpiredData(
        {
          db: database.db,
          clock: { now: () => now },
          mail: { enqueue: (executor, mail) => queueMail(executor, mail, now) },
          sites: { byId: (id) => siteById(loaded.byName, loaded.defaultSite, id) },
        },
        config,
        now,
      );
      const storage = openFileStore(config.storage, config.dataDir);
      const proofs = await purgeExpiredProofs({ db: database.db, storage }, now);
      out(
        `deleted ${report.unverifiedDeleted} unverified sign-up(s); restricted ${report.restricted} and deleted ${report.restrictedDeleted} press account(s); deleted ${proofs.proofsDeleted} accreditation proof(s) and ${proofs.filesRemoved} unclaimed proof file(s)`,
      );
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      out(usage);
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Validates the command line before touching the database, so a typo never opens (or locks) it. */
function checkArguments(command: string | undefined, args: string[]) {
  if (command === 'create-user') parseCreateUser(args);
  else if (command === 'create-users') parseOptions(args, ['file']);
  else if (command === 'storage-copy') parseOptions(args, ['from']);
  else if ((command === 'migrate' || command === 'seed-demo' || command === 'purge') && args.length > 0) {
    throw new UsageError(`${command} takes no options`);
  } else if (
    command !== undefined &&
    !['migrate', 'seed-demo', 'purge', 'storage-copy', 'create-users', 'help', '--help'].includes(command)
  ) {
    throw new UsageError(`unknown command "${command}"`);
  }
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  try {
    checkArguments(command, args);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\n\n${usage}`);
      return 64;
    }
    throw error;
  }
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(usage);
    return 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  if (command === 'storage-copy') {
    try {
      return await storageCopy(args, { config, out: (line) => console.log(line) });
    } catch (error) {
      if (error instanceof UsageError) {
        console.error(`error: ${error.message}`);
        return 64;
      }
      throw error;
    }
  }
  let database: DatabaseHandle;
  try {
    database = await openConfiguredDatabase(config, command);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(`error: ${error.message}`);
      return 75; // EX_TEMPFAIL: try again once the other process is gone
    }
    throw error;
  }
  try {
    await runCommand(command, args, {
      config,
      database,
      now: systemClock.now(),
      out: (line) => console.log(line),
    });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}`);
      return 64;
    }
    throw error;
  } finally {
    await database.close();
  }
}

// Run only when executed, not when imported by tests.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
