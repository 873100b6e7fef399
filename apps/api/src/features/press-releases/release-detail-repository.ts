import type { Language } from '@pressroom/contract';
import { type Executor, pressReleaseFiles, pressReleases } from '@pressroom/db';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { nowParameter, nowPlaceholder, type Viewer, visibleAt, visibleTo } from '../../access/index.ts';
import { preparedPerExecutor } from '../../lib/prepared.ts';

import {
  allOf,
  filterConditions,
  groupIds,
  languageList,
  parsedJson,
  type ReleaseFileRow,
  type ReleaseSummaryRow,
  releaseDefaultOrder,
  releaseFieldsAt,
  releaseTiebreaker,
  releaseYear,
  slugTitle,
} from './release-rows.ts';

// One release: as a reader sees it, its files, its server-rendered public page, and the sitemap's rows.

// The detail call's queries, prepared once per executor (lib/prepared.ts) and viewer kind: every reader of a
// release runs them, and building their SQL cost more than running them.
const visibleReleaseQuery = (pressAccess: boolean) =>
  preparedPerExecutor((db) =>
    db
      .select({
        ...releaseFieldsAt(nowPlaceholder),
        // Only the columns shown: the search vector alone outweighs the text it indexes.
        translations: sql<
          ShownTranslation[]
        >`coalesce((select json_agg(json_build_object('language', t.language,
          'title', t.title, 'subtitle', t.subtitle, 'body', t.body)) from press_release_translations t
          where t.press_release_id = "press_releases"."id"), '[]'::json)`,
      })
      .from(pressReleases)
      .where(and(eq(pressReleases.id, sql.placeholder('id')), visibleAt(pressAccess, nowPlaceholder)))
      .prepare(pressAccess ? 'visible_release_press' : 'visible_release_public'),
  );

const visibleReleaseQueries = { press: visibleReleaseQuery(true), public: visibleReleaseQuery(false) };

interface ShownTranslation {
  language: string;
  title: string;
  subtitle: string;
  body: string;
}

/** One release the viewer may see, in `language` or its fallback; null when it does not exist for them. */
export async function findVisibleRelease(
  db: Executor,
  viewer: Viewer,
  id: number,
  language: Language,
): Promise<(Omit<ReleaseSummaryRow, 'excerpt'> & { body: string }) | null> {
  const query = visibleReleaseQueries[viewer.pressAccess ? 'press' : 'public'](db);
  const [found] = await query.execute({ id, now: viewer.now.toISOString() });
  if (!found) return null;
  const { translations, ...row } = found;
  // Drivers differ on whether json arrives parsed; both shapes are accepted.
  const parsed: ShownTranslation[] =
    typeof translations === 'string' ? JSON.parse(translations) : translations;
  const chosen = pickTranslation(parsed, language);
  if (!chosen) return null;
  return {
    ...row,
    language: chosen.language,
    title: chosen.title,
    subtitle: chosen.subtitle,
    body: chosen.body,
  };
}

/** The fallback rule in code, for single releases: wanted, English, Italian, then the first alphabetically. */
export function pickTranslation<T extends { language: string }>(
  translations: T[],
  language: string,
): T | undefined {
  const rank = (candidate: T) =>
    candidate.language === language
      ? 0
      : candidate.language === 'en'
        ? 1
        : candidate.language === 'it'
          ? 2
          : 3;
  return [...translations].sort((a, b) => rank(a) - rank(b) || a.language.localeCompare(b.language))[0];
}

const filesQuery = (forLanguage: boolean) =>
  preparedPerExecutor((db) =>
    db
      .select()
      .from(pressReleaseFiles)
      .where(
        and(
          eq(pressReleaseFiles.pressReleaseId, sql.placeholder('releaseId')),
          forLanguage
            ? or(
                isNull(pressReleaseFiles.language),
                eq(pressReleaseFiles.language, sql.placeholder('language')),
              )
            : undefined,
        ),
      )
      .orderBy(asc(pressReleaseFiles.position), asc(pressReleaseFiles.id))
      .prepare(forLanguage ? 'release_files_for_language' : 'release_files'),
  );

const filesQueries = { forLanguage: filesQuery(true), all: filesQuery(false) };

/** Files of a release shown with a translation: those of its language and those for every language. */
export async function filesForLanguage(
  db: Executor,
  releaseId: number,
  language: string | null,
): Promise<ReleaseFileRow[]> {
  return language === null
    ? filesQueries.all(db).execute({ releaseId })
    : filesQueries.forLanguage(db).execute({ releaseId, language });
}

/** A file together with whether its release is visible to the viewer. */
/**
 * A file with its release (and the release's sites), and whether `viewer` may read that release; null when
 * the file is gone.
 */
export async function findFileForViewer(db: Executor, viewer: Viewer, fileId: number) {
  const [row] = await db
    .select({
      file: pressReleaseFiles,
      release: pressReleases,
      groups: groupIds,
      visible: sql<boolean>`${visibleTo(viewer)}`,
    })
    .from(pressReleaseFiles)
    .innerJoin(pressReleases, eq(pressReleases.id, pressReleaseFiles.pressReleaseId))
    .where(eq(pressReleaseFiles.id, fileId));
  if (!row) return null;
  return {
    file: row.file,
    visible: row.visible,
    release: { ...row.release, groups: parsedJson(row.groups) },
  };
}

/** A release's status and sites, which decide what its signed file links say (releaseLinkScope). */
export async function releaseLinkFacts(db: Executor, releaseId: number) {
  const [row] = await db
    .select({ status: pressReleases.status, groups: groupIds })
    .from(pressReleases)
    .where(eq(pressReleases.id, releaseId));
  return row ? { status: row.status, groups: parsedJson(row.groups) } : null;
}

/** The public side (visible to anyone now) of one site's releases. */
const publicOfSite = (now: Date, siteId: number) =>
  allOf([visibleTo({ pressAccess: false, now }), ...filterConditions({ group: siteId })]);

interface PageTranslation {
  language: string;
  title: string;
  subtitle: string;
  body: string;
  /** The start of the body without markup: a page's description. */
  excerpt: string;
}

export interface PublicPageRow
  extends Omit<ReleaseSummaryRow, 'language' | 'title' | 'subtitle' | 'excerpt'> {
  updatedAt: Date;
  publishedAt: Date | null;
  translations: PageTranslation[];
}

/**
 * The release of a site with this year and number when anyone may read it now (published, out of embargo),
 * with every translation; null otherwise (draft, withdrawn, embargoed, another site's, or unknown).
 */
export async function findPublicReleaseByNumber(
  db: Executor,
  now: Date,
  siteId: number,
  year: number,
  number: number,
): Promise<PublicPageRow | null> {
  const [found] = await db
    .select({
      ...releaseFieldsAt(nowParameter(now)),
      updatedAt: pressReleases.updatedAt,
      publishedAt: pressReleases.publishedAt,
      translations: sql<PageTranslation[] | string>`coalesce((select json_agg(json_build_object(
        'language', t.language, 'title', t.title, 'subtitle', t.subtitle, 'body', t.body,
        'excerpt', left(t.body_text, 300)) order by t.language) from press_release_translations t
        where t.press_release_id = "press_releases"."id"), '[]'::json)`,
    })
    .from(pressReleases)
    .where(
      allOf([
        // The expression of the unique index press_releases_year_number_unique, so the index finds it.
        sql`extract(year from ${pressReleases.publicationDate}) = ${year}`,
        eq(pressReleases.number, number),
        publicOfSite(now, siteId),
      ]),
    );
  if (!found) return null;
  return {
    ...found,
    groups: parsedJson(found.groups),
    languages: parsedJson(found.languages),
    translations: parsedJson(found.translations),
  };
}

export interface SitemapRow {
  year: number;
  number: number;
  slugTitle: string;
  languages: string[];
  /** The last change anyone could see: an edit, the end of its embargo, or its scheduled publication. */
  lastModified: Date;
}

/** A site's public releases for its sitemap, newest first, at most `limit`. */
export async function publicReleasesForSitemap(
  db: Executor,
  now: Date,
  siteId: number,
  limit: number,
): Promise<SitemapRow[]> {
  const rows = await db
    .select({
      year: releaseYear,
      number: sql<number>`${pressReleases.number}`,
      slugTitle,
      languages: languageList,
      lastModified: sql<string>`greatest(${pressReleases.updatedAt}, ${pressReleases.embargoUntil}, ${pressReleases.publishAt})`,
    })
    .from(pressReleases)
    .where(allOf([publicOfSite(now, siteId), sql`${pressReleases.number} is not null`]))
    .orderBy(...releaseDefaultOrder, ...releaseTiebreaker)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    languages: parsedJson(row.languages),
    lastModified: new Date(row.lastModified),
  }));
}
