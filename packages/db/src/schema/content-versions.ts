import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * A counter per kind of content, raised by database triggers (migration 0003) on every statement that writes
 * its tables, whoever writes: the API, the command line, an import, another server on the same database.
 * Caches of computed answers (e.g. the public release lists) keep the version they were computed at and are
 * stale as soon as it moves: reading one small row per request replaces the list's queries.
 */
export const contentVersions = pgTable('content_versions', {
  name: varchar('name', { length: 40 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** The kinds of content with a version (the rows migration 0003 creates). press_releases: releases, their
 * translations, sites and files, and the companies and brands they show (migration 0007). exhibitors: the
 * editions, their exhibitors and stands, the companies, their brands, press boxes and press contacts
 * (migrations 0027 and 0040). programme: the events as the public pages show them; coverage: the coverage
 * reports and what they name (migration 0040). galleries: the gallery pictures the picture search counts and
 * who sees them (migration 0043). */
export const contentKinds = {
  pressReleases: 'press_releases',
  exhibitors: 'exhibitors',
  programme: 'programme',
  coverage: 'coverage',
  galleries: 'galleries',
} as const;
