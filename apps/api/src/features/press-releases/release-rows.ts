import type { Language } from '@pressroom/contract';
import {
  companyBrands,
  type Executor,
  fallbackTextSearchConfig,
  type pressReleaseFiles,
  pressReleaseGroups,
  pressReleaseSearchVectors,
  pressReleases,
  pressReleaseTranslations,
  textSearchConfigs,
} from '@pressroom/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { embargoEnd, underEmbargoAt, type Viewer } from '../../access/index.ts';

// What every query of releases shares: the list's filters and full-text search as conditions, the translation
// shown, and the columns a release's row carries (its company, cover, sites and languages).

export type { Viewer };

export interface ReleaseFilters {
  group?: number;
  year?: number;
  /** Only releases written in this language (their text is then shown in it). */
  language?: Language;
  company?: number;
  /** Only releases of companies carrying this brand. */
  brand?: number;
  /** Full-text search, stemmed in each translation's language. */
  search?: string;
  /** Only the releases this site (press group) features on its Home. */
  featuredOn?: number;
}

const translationOf = (condition: SQL) =>
  sql`exists (select 1 from ${pressReleaseTranslations} where ${pressReleaseTranslations.pressReleaseId} = ${pressReleases.id} and ${condition})`;

export function filterConditions(filters: ReleaseFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.group !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${pressReleaseGroups} where ${pressReleaseGroups.pressReleaseId} = ${pressReleases.id} and ${pressReleaseGroups.pressGroupId} = ${filters.group})`,
    );
  }
  if (filters.featuredOn !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${pressReleaseGroups} where ${pressReleaseGroups.pressReleaseId} = ${pressReleases.id} and ${pressReleaseGroups.pressGroupId} = ${filters.featuredOn} and ${pressReleaseGroups.featuredSlot} is not null)`,
    );
  }
  if (filters.year !== undefined) {
    // A range on the date itself, so the index on publication_date serves it.
    conditions.push(
      sql`${pressReleases.publicationDate} >= ${`${filters.year}-01-01`}::date and ${pressReleases.publicationDate} < ${`${filters.year + 1}-01-01`}::date`,
    );
  }
  if (filters.company !== undefined) conditions.push(sql`${pressReleases.companyId} = ${filters.company}`);
  if (filters.brand !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${companyBrands} where ${companyBrands.companyId} = ${pressReleases.companyId} and ${companyBrands.brandId} = ${filters.brand})`,
    );
  }
  if (filters.language !== undefined) {
    conditions.push(translationOf(sql`${pressReleaseTranslations.language} = ${filters.language}`));
  }
  const search = searchCondition(filters);
  if (search !== undefined) conditions.push(search);
  return conditions;
}

/**
 * The full-text search of `filters` as a condition on the release; undefined without one. `perRelease`: tested
 * release by release, as the list reaches it (a page of releases read in order, stopped once full), never as
 * a join that would first find every match (an EXISTS with an OFFSET is not turned into a join).
 */
export function searchCondition(filters: ReleaseFilters, perRelease = false): SQL | undefined {
  if (filters.search === undefined || filters.search.trim() === '') return undefined;
  const vectors = pressReleaseSearchVectors;
  return sql`exists (select 1 from ${vectors} where ${vectors.pressReleaseId} = ${pressReleases.id} and ${matchesSearch(filters.search, filters.language)}${perRelease ? sql` offset 0` : sql``})`;
}

/**
 * A full-text search as a key: blanks do not change what websearch_to_tsquery reads (runs of them, at either
 * end). Case does not either in most configurations, but folding it is the database's own and stays there.
 */
export const searchKey = (search: string | undefined) => search?.trim().replace(/\s+/g, ' ') || null;

/**
 * A translation matches the search, stemmed in the translation's own language (only `language`'s when given).
 *
 * Written as one branch per text search configuration, each with a constant query and limited to the
 * translations in its languages: the same result as `search_vector @@ websearch_to_tsquery(<the row's
 * configuration>, search)`, but a GIN index serves constant queries only. With the configuration taken from
 * each row, every search read (and decompressed) every search vector: 35-80 ms with 10,000 releases. Each
 * branch is served by the partial index of its languages (schema: press_release_search_vectors_*),
 * which also spares rechecking the vectors. The vectors are read from their narrow copy (the schema's
 * pressReleaseSearchVectors), so the matches of a term are found within a few pages.
 */
function matchesSearch(search: string, language: Language | undefined): SQL {
  const t = pressReleaseSearchVectors;
  // Codes and configuration names come from the fixed table in the schema, never from the request; written
  // as literals so the planner matches them to the partial indexes whatever the plan.
  const literal = (value: string) => sql.raw(`'${value}'`);
  const matches = (config: string) =>
    sql`${t.searchVector} @@ websearch_to_tsquery(${literal(config)}::regconfig, ${search})`;
  const stemmed = Object.entries(textSearchConfigs);
  const branches = stemmed
    .filter(([code]) => language === undefined || code === language)
    .map(([code, config]) => sql`(${t.language} = ${literal(code)} and ${matches(config)})`);
  if (language === undefined) {
    const codes = sql.join(
      stemmed.map(([code]) => literal(code)),
      sql`, `,
    );
    branches.push(sql`(${t.language} not in (${codes}) and ${matches(fallbackTextSearchConfig)})`);
  } else if (!(language in textSearchConfigs)) {
    branches.push(sql`(${t.language} = ${language} and ${matches(fallbackTextSearchConfig)})`);
  }
  return sql`(${sql.join(branches, sql` or `)})`;
}

export const dialect = new PgDialect();

/** SQL fragments as PostgreSQL receives them (placeholders for their values). */
export const renderedSql = (fragments: SQL[]) => dialect.sqlToQuery(sql.join(fragments, sql`, `)).sql;

export function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

/** The translation to show: the wanted language, then English, then Italian, then any (alphabetically). */
export function chosenTranslation(db: Executor, language: Language | SQL) {
  return db
    .select({
      language: pressReleaseTranslations.language,
      title: pressReleaseTranslations.title,
      subtitle: pressReleaseTranslations.subtitle,
      excerpt: sql<string>`left(${pressReleaseTranslations.bodyText}, 300)`.as('excerpt'),
    })
    .from(pressReleaseTranslations)
    .where(eq(pressReleaseTranslations.pressReleaseId, pressReleases.id))
    .orderBy(
      sql`case ${pressReleaseTranslations.language} when ${language} then 0 when 'en' then 1 when 'it' then 2 else 3 end`,
      asc(pressReleaseTranslations.language),
    )
    .limit(1)
    .as('chosen');
}

// Correlated subqueries in a select list are written with qualified names: drizzle leaves columns of a
// single-table select unqualified, and an unqualified "id" inside the subquery would bind to the inner table.
export const groupIds = sql<number[]>`coalesce((select json_agg(g.press_group_id order by g.press_group_id)
  from press_release_groups g where g.press_release_id = "press_releases"."id"), '[]'::json)`;

export const languageList = sql<string[]>`coalesce((select json_agg(t.language order by t.language)
  from press_release_translations t where t.press_release_id = "press_releases"."id"), '[]'::json)`;

/** The public face of a company: its public name and site when given, else its business ones. */
export const publicName = sql`coalesce(nullif(c.pub_business_name, ''), c.business_name)`;

export const publicWebsite = sql`coalesce(nullif(c.pub_website, ''), c.website)`;

export const brandsOf = (
  companyId: SQL,
) => sql`coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name)
  order by lower(b.name)) from company_brands cb join brands b on b.id = cb.brand_id
  where cb.company_id = ${companyId}), '[]'::json)`;

export interface ReleaseCompanyRow {
  id: number;
  name: string;
  website: string;
  brands: { id: number; name: string }[];
}

const releaseCompany = sql<ReleaseCompanyRow | string | null>`(select json_build_object('id', c.id,
  'name', ${publicName}, 'website', ${publicWebsite}, 'brands', ${brandsOf(sql`c.id`)})
  from companies c where c.id = "press_releases"."company_id")`;

export const releaseYear = sql<number>`extract(year from "press_releases"."publication_date")::int`;

/**
 * The title a release's address is made of, the same whatever the reader's language (so every translation
 * shares one address): the English one, else the Italian one, else the first by language.
 */
export const slugTitle = sql<string>`coalesce((select t.title from press_release_translations t
  where t.press_release_id = "press_releases"."id" order by case t.language when 'en' then 0 when 'it' then 1
  else 2 end, t.language limit 1), '')`;

/** A release's cover as its list row carries it: the picture's facts, its addresses are made by the presenter. */
export interface ReleaseCoverRow {
  id: number;
  title: string;
  credit: string | null;
  width: number | null;
  height: number | null;
  renditions: ReleaseFileRow['renditions'];
  has_thumbnail: boolean;
}

/** The picture chosen as cover, else the first picture (by position); null for a release without pictures. */
const releaseCover = sql<ReleaseCoverRow | string | null>`(select json_build_object('id', f.id,
  'title', f.title, 'credit', f.credit, 'width', f.width, 'height', f.height, 'renditions', f.renditions,
  'has_thumbnail', f.thumbnail_path is not null)
  from press_release_files f where f.press_release_id = "press_releases"."id" and f.kind = 'image'
  order by (f.id is not distinct from "press_releases"."cover_file_id") desc, f.position, f.id limit 1)`;

/** What a list row and a release share, with `embargoed` judged at `now` (a timestamptz expression). */
export const releaseFieldsAt = (now: SQL) => ({
  cover: releaseCover,
  coverFileId: pressReleases.coverFileId,
  slugTitle,
  id: pressReleases.id,
  number: pressReleases.number,
  year: releaseYear,
  publicationDate: pressReleases.publicationDate,
  companyId: pressReleases.companyId,
  company: releaseCompany,
  embargoUntil: embargoEnd,
  embargoed: underEmbargoAt(now),
  groups: groupIds,
  languages: languageList,
});

export interface ReleaseSummaryRow {
  id: number;
  number: number | null;
  year: number;
  publicationDate: string;
  companyId: number | null;
  /** json_build_object's result: parsed by some drivers, text for others. */
  company: ReleaseCompanyRow | string | null;
  embargoUntil: Date | null;
  embargoed: boolean;
  /** json_build_object's result (see ReleaseCoverRow), parsed or text as the driver gives it. */
  cover: ReleaseCoverRow | string | null;
  coverFileId: number | null;
  language: string;
  title: string;
  subtitle: string;
  excerpt: string;
  groups: number[];
  languages: string[];
  /** The title the public address is made of (see slugTitle). */
  slugTitle: string;
}

export type ReleaseFileRow = typeof pressReleaseFiles.$inferSelect;

/** JSON of a driver: parsed by some, text for others. */
export const parsedJson = <T>(value: T | string): T =>
  typeof value === 'string' ? JSON.parse(value) : value;

export const releaseDefaultOrder = [
  sql`${pressReleases.publicationDate} desc`,
  sql`${pressReleases.number} desc nulls last`,
];

export const releaseTiebreaker = [sql`${pressReleases.id} desc`];
