import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accreditationModes, programmeReminderDefaultMinutes } from '@pressroom/contract';
import { z } from 'zod';

const duration = z
  .string()
  .regex(/^\d+(s|m|h|d)?$/, 'expected a number of seconds or a duration such as 30m, 12h, 7d')
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = value.replace(/^\d+/, '') || 's';
    return amount * { s: 1, m: 60, h: 3600, d: 86_400 }[unit as 's' | 'm' | 'h' | 'd'];
  })
  .refine((seconds) => seconds > 0, 'must be greater than zero');

/** Like `duration`, but 0 is allowed (it turns the thing off). */
const durationOrOff = z
  .string()
  .regex(/^\d+(s|m|h)?$/, 'expected a number of seconds or a duration such as 2s, 1m; 0 turns it off')
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = value.replace(/^\d+/, '') || 's';
    return amount * { s: 1, m: 60, h: 3600 }[unit as 's' | 'm' | 'h'];
  });

/** A rate limit: "max/window", e.g. 10/1m (ten requests a minute) or 5/1h. */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+(s|m|h|d)?$/, 'expected requests/window, such as 10/1m or 5/1h')
  .transform((value) => {
    const [max, window] = value.split('/');
    const amount = Number.parseInt(window, 10);
    const unit = window.replace(/^\d+/, '') || 's';
    return {
      max: Number.parseInt(max, 10),
      windowSeconds: amount * { s: 1, m: 60, h: 3600, d: 86_400 }[unit as 's' | 'm' | 'h' | 'd'],
    };
  })
  .refine((limit) => limit.max > 0 && limit.windowSeconds > 0, 'both numbers must be greater than zero');

/**
 * A schedule as cron says it, in UTC: five fields (minute hour day-of-month month day-of-week), e.g. `30 3 * * *`
 * (every night at 03:30) or `0 * * * *` (every hour). pg-boss reads it (decision 12); it refuses what it cannot parse
 * when the server starts.
 */
const cron = z
  .string()
  .trim()
  .regex(
    /^[\d*,/?LW#A-Za-z-]+( [\d*,/?LW#A-Za-z-]+){4}$/,
    'expected a cron schedule of five fields, such as "30 3 * * *" (minute hour day month weekday, UTC)',
  );

/** A size in bytes, or with a unit: 500K, 100M, 2G. */
const byteSize = z
  .string()
  .regex(/^\d+[KMG]?$/i, 'expected a number of bytes or a size such as 100M, 2G')
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = value.replace(/^\d+/, '').toUpperCase();
    return amount * ({ '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[unit] ?? 1);
  })
  .refine((bytes) => bytes > 0, 'must be greater than zero');

/** A configured site: the hostname it answers on, its press group, and optionally its own public address. */
export interface SiteEntry {
  hostname: string;
  name: string;
  /** Where links to this site point (mails, feeds, pages); by default its hostname with PUBLIC_URL's scheme and port. */
  publicUrl?: string;
}

const sites = z
  .string()
  .transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry): SiteEntry | null => {
        // hostname=Site name, or hostname=Site name=https://its.public.address
        const [hostname, name, ...rest] = entry.split('=').map((part) => part?.trim());
        const publicUrl = rest.join('=');
        if (!hostname || !name) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not hostname=Site name` });
          return null;
        }
        if (publicUrl && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(publicUrl)) {
          ctx.addIssue({ code: 'custom', message: `"${publicUrl}" is not an http(s) address` });
          return null;
        }
        return {
          hostname: hostname.toLowerCase(),
          name,
          ...(publicUrl ? { publicUrl: publicUrl.replace(/\/$/, '') } : {}),
        };
      });
    return entries.filter((entry): entry is SiteEntry => entry !== null);
  })
  .refine((entries) => entries.length > 0, 'at least one hostname=Site name is needed');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Defaults to http://localhost:<PORT> (set in loadConfig), so a server moved to another port links to itself.
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  STORAGE_URL: z
    .string()
    .regex(
      /^(s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?|file:\/\/\/.+)$/,
      'expected s3://bucket/prefix or file:///absolute/directory',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_STATEMENT_TIMEOUT: z
    .string()
    .regex(/^\d+(ms|s)?$/, 'expected a time such as 5s or 500ms')
    .transform((value) => Number.parseInt(value, 10) * (value.endsWith('ms') ? 1 : 1000))
    .refine((milliseconds) => milliseconds > 0, 'must be greater than zero')
    .prefault('5s'),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Press Office <press@localhost>'),
  MAIL_POLL_INTERVAL: durationOrOff.prefault('2s'),
  FAIR_TIME_ZONE: z
    .string()
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'expected an IANA time zone such as Europe/Rome' },
    )
    .default('Europe/Rome'),
  ALERT_SEND_RATE: z.coerce.number().positive().max(10_000).default(20),
  RELEASE_SEARCH_KEPT_MATCHES: z.coerce.number().int().min(0).max(4000).default(2000),
  READ_COUNT_FLUSH_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  PROGRAMME_REMINDER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(programmeReminderDefaultMinutes),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  RETENTION_PURGE_CRON: cron.default('30 3 * * *'),
  ALERT_RUNS_CRON: cron.default('* * * * *'),
  RATE_LIMIT_PURGE_CRON: cron.default('*/10 * * * *'),
  SHUTDOWN_DELAY: durationOrOff.prefault('0'),
  SHUTDOWN_TIMEOUT: duration.prefault('30s'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PRESS_OFFICE_EMAIL: z.email().default('press@localhost'),
  PRIVACY_CONTACT_EMAIL: z.email().default('privacy@localhost'),
  DOWNLOAD_MAX_BYTES: byteSize.prefault('2G'),
  UPLOAD_MAX_BYTES: byteSize.prefault('100M'),
  VIDEO_MAX_BYTES: byteSize.prefault('2G'),
  VIDEO_PART_BYTES: byteSize.prefault('8M'),
  VIDEO_QUOTA_BYTES: byteSize.prefault('20G'),
  COVERAGE_REPORTS_PER_DAY: z.coerce.number().int().positive().default(50),
  CLIPPING_QUOTA_BYTES: byteSize.prefault('500M'),
  IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(100_000_000),
  SITES: sites.prefault('fair.localhost=Tile Fair,association.localhost=Ceramics Association'),
  DEFAULT_SITE: z.string().min(1).optional(),
  ACCESS_TOKEN_LIFETIME: duration.prefault('30m'),
  REFRESH_WINDOW: duration.prefault('7d'),
  VERIFICATION_LINK_LIFETIME: duration.prefault('7d'),
  RESET_LINK_LIFETIME: duration.prefault('1d'),
  ACCREDITATION_MODE: z.enum(accreditationModes).default('auto'),
  FAIR_END_DATE: z.iso.date('expected a date such as 2026-09-26').optional(),
  IMPORT_MAX_BYTES: byteSize.prefault('50M'),
  IMPORT_MAX_ROWS: z.coerce.number().int().positive().default(500_000),
  RATE_LIMIT_ERROR_REPORTS_PER_IP: rateLimit.prefault('20/1h'),
  RATE_LIMIT_SIGN_IN_PER_IP: rateLimit.prefault('30/1m'),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: rateLimit.prefault('10/15m'),
  RATE_LIMIT_SIGN_IN_FAILURES_PER_EMAIL: rateLimit.prefault('100/15m'),
  RATE_LIMIT_CONTACT_PER_USER: rateLimit.prefault('10/1h'),
  RATE_LIMIT_CONTACT_PER_IP: rateLimit.prefault('30/1h'),
  RATE_LIMIT_DOOR_UNKNOWN_BADGES_PER_USER: rateLimit.prefault('100/15m'),
  RATE_LIMIT_REGISTER_PER_IP: rateLimit.prefault('10/1h'),
  RATE_LIMIT_MAIL_PER_IP: rateLimit.prefault('10/1h'),
  RATE_LIMIT_MAIL_PER_EMAIL: rateLimit.prefault('3/1h'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** Where the files the product keeps live (lib/storage): a local directory, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every key ('' or ending in '/'). */
      prefix: string;
      /** Another S3-compatible service (MinIO, a test server); absent: AWS. */
      endpoint: string | undefined;
      region: string;
      /** Absent: the AWS SDK's own chain (AWS_ACCESS_KEY_ID..., instance roles). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  storage: StorageConfig;
  databaseUrl: string | undefined;
  /**
   * Milliseconds any one statement may run on PostgreSQL before it is cancelled (the request answers 503);
   * migrations and the work done under an advisory lock are not bounded.
   */
  statementTimeoutMs: number;
  secretKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the fair takes place: the times in mails are written in its zone (IANA name). */
  fairTimeZone: string;
  /** How long before a programme event its reminder is mailed, in minutes. */
  programmeReminderMinutes: number;
  /** Seconds between mail-queue polls; 0 means no background delivery (something else calls deliverDue). */
  mailPollInterval: number;
  /** Alert mails handed to the mail queue per second (staggered when queued, so every server keeps the pace). */
  alertSendRate: number;
  /**
   * A public release search's matches kept in the page's order, per server, when it finds at most this many
   * (a page is then a slice of them); a search finding more is counted once and each page read by the index.
   */
  releaseSearchKeptMatches: number;
  /** How often each server writes the reads and downloads it counted; 0: only when asked and on close. */
  readCountFlushSeconds: number;
  /** The hour (UTC) from which the daily digest of the day's releases goes out. */
  alertDigestHour: number;
  /** Whether this server runs the scheduled jobs (pg-boss, plugins/jobs.ts); tests turn it off. */
  jobsEnabled: boolean;
  /** When the retention purge runs (cron, UTC): unverified sign-ups, press data, accreditation proofs. */
  retentionPurgeCron: string;
  /** When the due alerts are looked for besides their own job (cron, UTC): embargo ends, anything missed. */
  alertRunsCron: string;
  /** When the expired rate-limit counters are deleted (cron, UTC). */
  rateLimitPurgeCron: string;
  /**
   * Seconds a shutting-down server goes on serving, /readyz answering 503, before it stops accepting
   * connections: the load balancer's time to notice (0: it stops at once).
   */
  shutdownDelay: number;
  /** Seconds a shutdown then waits for requests and running jobs to finish before the process exits anyway. */
  shutdownTimeout: number;
  /** With it, GET /metrics answers (Prometheus) to `Authorization: Bearer <token>`; without, it is a 404. */
  metricsToken: string | undefined;
  pressOfficeEmail: string;
  privacyContactEmail: string;
  /** Largest total a gallery or press-kit ZIP may reach; larger selections are refused with a message. */
  downloadMaxBytes: number;
  /** Largest single uploaded file (images, PDFs, documents). */
  uploadMaxBytes: number;
  /** The largest video, uploaded in parts (features/videos). */
  videoMaxBytes: number;
  /** The bytes of each part of a video upload but the last (the client slices by what the server says). */
  videoPartBytes: number;
  /**
   * The video bytes one uploader may keep: their videos and their uploads under way, counted when an upload
   * begins (the press office has no quota: the site is theirs).
   */
  videoQuotaBytes: number;
  /** Coverage reports one journalist may send in a day (UTC), across the sites. */
  coverageReportsPerDay: number;
  /** The clipping bytes one journalist's reports may hold, across the sites. */
  clippingQuotaBytes: number;
  /** Largest image accepted, in pixels (width x height), read from its header before any decoding. */
  imageMaxPixels: number;
  sites: SiteEntry[];
  defaultSite: string;
  accessTokenLifetime: number;
  refreshWindow: number;
  verificationLinkLifetime: number;
  resetLinkLifetime: number;
  accreditationMode: 'auto' | 'manual';
  /**
   * Last day of the fair (UTC midnight), or null when not set: the retention job restricts press data six
   * months after it and deletes it six years later. Without it only unverified sign-ups are purged.
   */
  fairEndDate: Date | null;
  /** Largest company import file (Access or CSV); larger uploads are refused with a message. */
  importMaxBytes: number;
  /** Most rows one import may hold. */
  importMaxRows: number;
  /** Crash reports accepted per client address (the endpoint is public). */
  errorReportsPerIp: RateLimit;
  /**
   * Request limits of the account calls. Sign-in counts per client address and per e-mail (guessing one
   * account's password from many addresses); the two "send a link" calls count per address and per e-mail
   * (nobody can flood a mailbox).
   */
  rateLimits: {
    signInPerIp: RateLimit;
    /** Failed sign-ins per e-mail and client address (successes are not counted). */
    signInPerEmail: RateLimit;
    /** Failed sign-ins per e-mail from any address: a much higher ceiling, so a stranger cannot lock the owner out. */
    signInFailuresPerEmail: RateLimit;
    contactPerUser: RateLimit;
    contactPerIp: RateLimit;
    /**
     * Badge codes naming no badge of the edition, per member of the door's staff: a mistyped code is one, a
     * run of guesses at the eight-character codes is stopped.
     */
    doorUnknownBadgesPerUser: RateLimit;
    registerPerIp: RateLimit;
    mailPerIp: RateLimit;
    mailPerEmail: RateLimit;
  };
  logLevel: string;
  webDistDir: string | undefined;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads the secret from the data directory, creating it on first start, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function storageConfig(env: z.infer<typeof environmentSchema>, dataDir: string): StorageConfig {
  const url = env.STORAGE_URL;
  if (!url) return { kind: 'local', directory: path.join(dataDir, 'uploads') };
  if (url.startsWith('file://')) return { kind: 'local', directory: path.resolve(decodeURI(url.slice(7))) };
  const [bucket, ...rest] = url.slice('s3://'.length).split('/');
  const prefix = rest.join('/').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // MinIO and most self-hosted stores want path-style addresses; AWS itself prefers virtual hosts.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
  };
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const defaultSite = env.DEFAULT_SITE ?? env.SITES[0].name;
  if (!env.SITES.some((site) => site.name === defaultSite)) {
    throw new ConfigError([`DEFAULT_SITE: "${defaultSite}" is not one of the names in SITES`]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: give both or neither']);
  }
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    storage: storageConfig(env, dataDir),
    databaseUrl: env.DATABASE_URL,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT,
    secretKey: env.SECRET_KEY ?? persistentSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPollInterval: env.MAIL_POLL_INTERVAL,
    fairTimeZone: env.FAIR_TIME_ZONE,
    programmeReminderMinutes: env.PROGRAMME_REMINDER_MINUTES,
    alertSendRate: env.ALERT_SEND_RATE,
    releaseSearchKeptMatches: env.RELEASE_SEARCH_KEPT_MATCHES,
    readCountFlushSeconds: env.READ_COUNT_FLUSH_SECONDS,
    alertDigestHour: env.ALERT_DIGEST_HOUR,
    jobsEnabled: env.JOBS_ENABLED,
    retentionPurgeCron: env.RETENTION_PURGE_CRON,
    alertRunsCron: env.ALERT_RUNS_CRON,
    rateLimitPurgeCron: env.RATE_LIMIT_PURGE_CRON,
    shutdownDelay: env.SHUTDOWN_DELAY,
    shutdownTimeout: env.SHUTDOWN_TIMEOUT,
    metricsToken: env.METRICS_TOKEN,
    pressOfficeEmail: env.PRESS_OFFICE_EMAIL,
    privacyContactEmail: env.PRIVACY_CONTACT_EMAIL,
    downloadMaxBytes: env.DOWNLOAD_MAX_BYTES,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    videoMaxBytes: env.VIDEO_MAX_BYTES,
    videoPartBytes: env.VIDEO_PART_BYTES,
    videoQuotaBytes: env.VIDEO_QUOTA_BYTES,
    coverageReportsPerDay: env.COVERAGE_REPORTS_PER_DAY,
    clippingQuotaBytes: env.CLIPPING_QUOTA_BYTES,
    imageMaxPixels: env.IMAGE_MAX_PIXELS,
    sites: env.SITES,
    defaultSite,
    accessTokenLifetime: env.ACCESS_TOKEN_LIFETIME,
    refreshWindow: env.REFRESH_WINDOW,
    verificationLinkLifetime: env.VERIFICATION_LINK_LIFETIME,
    resetLinkLifetime: env.RESET_LINK_LIFETIME,
    accreditationMode: env.ACCREDITATION_MODE,
    fairEndDate: env.FAIR_END_DATE ? new Date(`${env.FAIR_END_DATE}T00:00:00Z`) : null,
    importMaxBytes: env.IMPORT_MAX_BYTES,
    importMaxRows: env.IMPORT_MAX_ROWS,
    errorReportsPerIp: env.RATE_LIMIT_ERROR_REPORTS_PER_IP,
    rateLimits: {
      signInPerIp: env.RATE_LIMIT_SIGN_IN_PER_IP,
      signInPerEmail: env.RATE_LIMIT_SIGN_IN_PER_EMAIL,
      signInFailuresPerEmail: env.RATE_LIMIT_SIGN_IN_FAILURES_PER_EMAIL,
      contactPerUser: env.RATE_LIMIT_CONTACT_PER_USER,
      contactPerIp: env.RATE_LIMIT_CONTACT_PER_IP,
      doorUnknownBadgesPerUser: env.RATE_LIMIT_DOOR_UNKNOWN_BADGES_PER_USER,
      registerPerIp: env.RATE_LIMIT_REGISTER_PER_IP,
      mailPerIp: env.RATE_LIMIT_MAIL_PER_IP,
      mailPerEmail: env.RATE_LIMIT_MAIL_PER_EMAIL,
    },
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR,
    trustProxy: env.TRUST_PROXY,
  };
}
