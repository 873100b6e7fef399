import { createHash } from 'node:crypto';
import { type Language, maxFeaturedReleases } from '@pressroom/contract';
import {
  companies,
  companyBrands,
  type Executor,
  fallbackTextSearchConfig,
  pressGroups,
  pressReleaseFiles,
  pressReleaseGroups,
  pressReleaseSearchVectors,
  pressReleases,
  pressReleaseTranslations,
  pressReleaseWords,
  textSearchConfigs,
} from '@pressroom/db';
import { and, asc, type Column, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  embargoEnd,
  nowParameter,
  nowPlaceholder,
  releaseSightKey,
  underEmbargoAt,
  type Viewer,
  visibleAt,
  visibleTo,
} from '../../access/index.ts';
import {
  containsIgnoringAccents,
  containsPattern,
  digitsColumn,
  type KeptCount,
  type ListColumns,
  type ListSource,
  type SearchGroup,
} from '../../lib/datatables.ts';
import { executeNamed, preparedPerExecutor } from '../../lib/prepared.ts';

export { type Viewer, visibleTo };

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
function searchCondition(filters: ReleaseFilters, perRelease = false): SQL | undefined {
  if (filters.search === undefined || filters.search.trim() === '') return undefined;
  const vectors = pressReleaseSearchVectors;
  return sql`exists (select 1 from ${vectors} where ${vectors.pressReleaseId} = ${pressReleases.id} and ${matchesSearch(filters.search, filters.language)}${perRelease ? sql` offset 0` : sql``})`;
}

/**
 * A full-text search as a key: blanks do not change what websearch_to_tsquery reads (runs of them, at either
 * end). Case does not either in most configurations, but folding it is the database's own and stays there.
 */
const searchKey = (search: string | undefined) => search?.trim().replace(/\s+/g, ' ') || null;

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

const dialect = new PgDialect();
/** SQL fragments as PostgreSQL receives them (placeholders for their values). */
const renderedSql = (fragments: SQL[]) => dialect.sqlToQuery(sql.join(fragments, sql`, `)).sql;

function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

/** The translation to show: the wanted language, then English, then Italian, then any (alphabetically). */
function chosenTranslation(db: Executor, language: Language | SQL) {
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
const groupIds = sql<number[]>`coalesce((select json_agg(g.press_group_id order by g.press_group_id)
  from press_release_groups g where g.press_release_id = "press_releases"."id"), '[]'::json)`;
const languageList = sql<string[]>`coalesce((select json_agg(t.language order by t.language)
  from press_release_translations t where t.press_release_id = "press_releases"."id"), '[]'::json)`;
/** The public face of a company: its public name and site when given, else its business ones. */
const publicName = sql`coalesce(nullif(c.pub_business_name, ''), c.business_name)`;
const publicWebsite = sql`coalesce(nullif(c.pub_website, ''), c.website)`;
const brandsOf = (
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
const slugTitle = sql<string>`coalesce((select t.title from press_release_translations t
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
const releaseFieldsAt = (now: SQL) => ({
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

/** The texts of a release a table's search reads, in any of its translations. */
export type ReleaseTextField = 'title' | 'subtitle' | 'body';

/** Each text field as written, and lower case without accents (`search_fold`, kept by the database). */
const textFields = {
  title: { text: pressReleaseTranslations.title, folded: pressReleaseTranslations.titleFolded },
  subtitle: { text: pressReleaseTranslations.subtitle, folded: pressReleaseTranslations.subtitleFolded },
  body: { text: pressReleaseTranslations.bodyText, folded: pressReleaseTranslations.bodyFolded },
} satisfies Record<ReleaseTextField, { text: Column; folded: Column }>;

/** What a "contains" search may read at most. */
export interface SearchLimits {
  /** Words of the vocabulary that contain the term (or its longest word). */
  words: number;
  /** Translations found by their words, for a term of one word (an index entry and a row each). */
  texts: number;
  /** Translations whose text is compared whole, for a term of several words (a whole text each). */
  compared: number;
}

/** What releasesContaining found, and how much it read for it. */
export interface ContainingReleases {
  /** The releases, once per translation that matches; all of them only when `complete`. */
  ids: number[];
  /** Vocabulary words read, and translations read (found or compared): each at most its limit + 1. */
  words: number;
  texts: number;
  /** Whether the search stayed within its limits (always, without limits): past one, it stopped there. */
  complete: boolean;
}

/**
 * Which releases have a text, among `fields` of any translation, that contains `term` whatever the accents and
 * the case; within `limits` (null: none), else how far it read before it stopped.
 *
 * A term that folds to one word (no space or punctuation, at most 100 characters) is contained in a text
 * exactly when one of the text's words contains it: the words containing it come from the vocabulary, the
 * translations holding them from the word indexes, and no text is read. A term of several words is looked for
 * in the translations holding a word that contains its longest one, each compared whole; a term with no word
 * at all (punctuation only) in every translation.
 */
export async function releasesContaining(
  db: Executor,
  term: string,
  fields: ReleaseTextField[],
  limits: SearchLimits | null,
): Promise<ContainingReleases> {
  const values = (texts: number | undefined) => ({
    term,
    pattern: containsPattern(term),
    wordsLimit: limits === null ? null : limits.words + 1,
    textsLimit: texts === undefined ? null : texts + 1,
  });
  const answer = (found: { ids: number[]; words: number; texts: number }, texts: number | undefined) => ({
    ids: found.ids,
    words: found.words,
    texts: found.texts,
    complete: limits === null || (found.words <= limits.words && found.texts <= (texts ?? 0)),
  });
  // Spaces and ASCII punctuation end a word (search_words, migration 0044): a term without any is most likely
  // one word once folded, which the first statement checks.
  if (term.length <= 100 && !/[\s!-/:-@[-`{-~]/.test(term)) {
    const [found] = await containingStatement(
      'word',
      fields,
      limits !== null,
    )(db).execute(values(limits?.texts));
    if (found.oneWord) return answer(found, limits?.texts);
  }
  const [found] = await containingStatement(
    'words',
    fields,
    limits !== null,
  )(db).execute(values(limits?.compared));
  return answer(found, limits?.compared);
}

const containingStatements = new Map<string, ReturnType<typeof containingQuery>>();

/**
 * releasesContaining's statement for a term of one word or of several, over these fields, bounded or not;
 * prepared once.
 */
function containingStatement(shape: 'word' | 'words', fields: ReleaseTextField[], bounded: boolean) {
  const name = `releases_containing_${shape}_${fields.join('_')}${bounded ? '_bounded' : ''}`;
  let statement = containingStatements.get(name);
  if (statement === undefined) {
    statement = containingQuery(name, shape, fields, bounded);
    containingStatements.set(name, statement);
  }
  return statement;
}

function containingQuery(
  name: string,
  shape: 'word' | 'words',
  fields: ReleaseTextField[],
  bounded: boolean,
) {
  const t = pressReleaseTranslations;
  const term = sql.placeholder('term');
  const wordsLimit = sql.placeholder('wordsLimit');
  const textsLimit = sql.placeholder('textsLimit');
  const holding = (words: SQL) =>
    or(...fields.map((field) => sql`search_words(${textFields[field].folded}) && ${words}`));
  const contains = or(
    ...fields.map(
      (field) => sql`${textFields[field].folded} like search_fold(${sql.placeholder('pattern')}::text)`,
    ),
  );
  // The translations holding one of the words found, each with `select`ed. Without bound, read together from
  // the word indexes. Bounded, a word at a time, until the limit: the index gives each word's translations
  // all at once, and a common word's are thousands, so asking for every word together read them all (300 ms
  // for the 321 words of "e", where its first word alone passes the limit).
  const holders = (select: SQL) =>
    bounded
      ? sql`select ${select} from found, lateral (select * from ${t} where ${holding(sql`array[found.word]`)}) ${t}`
      : sql`select ${select} from ${t} where ${holding(sql`(select array_agg(word) from found)`)}`;
  const body =
    shape === 'word'
      ? sql`with term as materialized (
          select folded, search_words(folded) = array[folded] and length(folded) <= 100 as one_word
          from (select search_fold(${term}::text) as folded) typed
        ), found as materialized (
          select v.word from ${pressReleaseWords} v
          where (select one_word from term) and v.word like (select '%' || folded || '%' from term)
          limit ${wordsLimit}::int
        ), texts as materialized (
          ${holders(sql`${t.pressReleaseId} as id`)} limit ${textsLimit}::int
        )
        select (select one_word from term) as one_word, (select count(*) from found)::int as words,
          (select count(*) from texts)::int as texts,
          -- A release may come more than once (by two words, or two translations): the list takes it once.
          coalesce((select array_agg(id) from texts), '{}') as ids`
      : sql`with term as materialized (
          select search_fold(${term}::text) as folded
        ), longest as materialized (
          select left(word, 100) as word from term, unnest(search_words(term.folded)) as word
          order by length(word) desc, word limit 1
        ), found as materialized (
          select v.word from ${pressReleaseWords} v
          where v.word like (select '%' || word || '%' from longest)
          limit ${wordsLimit}::int
        ), texts as materialized (
          select * from (
            ${holders(sql`${t.pressReleaseId} as id, ${contains} as hit`)}
            union all
            select ${t.pressReleaseId}, ${contains} from ${t} where not exists (select from longest)
          ) compared limit ${textsLimit}::int
        )
        select false as one_word, (select count(*) from found)::int as words,
          (select count(*) from texts)::int as texts,
          coalesce((select array_agg(id) from texts where hit), '{}') as ids`;
  return preparedPerExecutor((db) =>
    db
      .select({
        oneWord: sql<boolean>`"searched"."one_word"`,
        words: sql<number>`"searched"."words"`,
        texts: sql<number>`"searched"."texts"`,
        ids: sql<number[]>`"searched"."ids"`,
      })
      .from(sql`(${body}) as "searched"`)
      .prepare(name),
  );
}

/**
 * A release's title, subtitle and body searched together, in any of its translations: the releases that
 * match are found first (`contains`, by default releasesContaining without bound), then the list keeps
 * those. A regular expression (the back office's tables) is tested against each translation's text.
 */
export function releaseTextSearch(
  contains: (db: Executor, term: string, fields: ReleaseTextField[]) => Promise<number[]> = async (
    db,
    term,
    fields,
  ) => (await releasesContaining(db, term, fields, null)).ids,
): SearchGroup {
  return {
    async search(db, matches, members) {
      const fields = (Object.keys(textFields) as ReleaseTextField[]).filter((field) =>
        members.includes(field),
      );
      if (matches.contains === undefined) {
        const t = pressReleaseTranslations;
        return sql`${pressReleases.id} in (select ${t.pressReleaseId} from ${t} where ${or(
          ...fields.map((field) => matches(textFields[field].text)),
        )})`;
      }
      const ids = await contains(db, matches.contains, fields);
      // Looked up in the releases' primary key: as a semi-join instead, PostgreSQL planned with the ids it
      // was given walked every release (about 15 ms with the bench's 11,000, against 5).
      return sql`${pressReleases.id} = any(${sql.param(ids)}::int[])`;
    },
  };
}

/**
 * Columns a DataTables request may search and order by; text columns match any translation, searched by
 * `textSearch` (releaseTextSearch: without bound unless one is given).
 */
export function releaseColumns(textSearch: SearchGroup = releaseTextSearch()): ListColumns {
  const text = (member: ReleaseTextField) => ({ group: textSearch, member });
  return {
    id: digitsColumn(pressReleases.id),
    number: digitsColumn(pressReleases.number),
    year: digitsColumn(releaseYear),
    publication_date: digitsColumn(pressReleases.publicationDate),
    company_id: digitsColumn(pressReleases.companyId),
    title: { expression: sql`"chosen"."title"`, searchGroup: text('title') },
    subtitle: { expression: sql`"chosen"."subtitle"`, searchGroup: text('subtitle') },
    excerpt: { expression: sql`"chosen"."excerpt"`, orderable: false, searchGroup: text('body') },
    body: { expression: sql`"chosen"."excerpt"`, orderable: false, searchGroup: text('body') },
    language: {
      expression: sql`"chosen"."language"`,
      // A language's code is a few ASCII letters (and a dash), which folding leaves as they are: a term with
      // another ASCII character, or more than five, is in no code.
      mayContain: (term) => {
        const ascii = [...term].filter((character) => character.charCodeAt(0) < 128);
        return ascii.length <= 5 && ascii.every((character) => /[A-Za-z-]/.test(character));
      },
      // Compared as written (a code has no accent to fold), in the narrow copy of the translations' keys.
      search: (matches) =>
        matches.contains === undefined
          ? sql`${pressReleases.id} in (select ${pressReleaseTranslations.pressReleaseId} from ${pressReleaseTranslations} where ${matches(pressReleaseTranslations.language)})`
          : sql`${pressReleases.id} in (select ${pressReleaseSearchVectors.pressReleaseId} from ${pressReleaseSearchVectors} where ${pressReleaseSearchVectors.language} ilike immutable_unaccent(${containsPattern(matches.contains)}))`,
    },
  };
}

export const releaseDefaultOrder = [
  sql`${pressReleases.publicationDate} desc`,
  sql`${pressReleases.number} desc nulls last`,
];
export const releaseTiebreaker = [sql`${pressReleases.id} desc`];

/** Releases as a list shows them, with their text in `language` (or its fallback), judged at `now`. */
function shownReleasesQuery(db: Executor, language: Language | SQL, now: SQL) {
  const text = chosenTranslation(db, language);
  return db
    .select({
      ...releaseFieldsAt(now),
      language: text.language,
      title: text.title,
      subtitle: text.subtitle,
      excerpt: text.excerpt,
    })
    .from(pressReleases)
    .innerJoinLateral(text, sql`true`);
}

/** Releases by id as a list shows them, with their text in a language (or its fallback); in no order. */
const shownReleases = preparedPerExecutor((db) =>
  shownReleasesQuery(db, sql`${sql.placeholder('language')}::text`, nowPlaceholder)
    .where(sql`${pressReleases.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('shown_releases'),
);

/**
 * Releases the viewer may see, matching the filters, with their text in `language` (or its fallback).
 * Given `keptCount`, how many match a search is kept (per what the access rule reads of the viewer, the
 * filters, the search and the table's conditions) and a page of a counted search no longer counts them.
 */
export function releaseSource(
  db: Executor,
  viewer: Viewer,
  filters: ReleaseFilters,
  language: Language,
  keptCount?: KeptCount,
): ListSource<ReleaseSummaryRow> {
  const { search: _search, ...unsearched } = filters;
  const searched = searchCondition(filters);
  // The releases the list holds before any search: the one visibility rule, then the filters.
  const listed = [visibleTo(viewer), ...filterConditions(unsearched)];
  const scope = searched === undefined ? listed : [...listed, searched];
  const textLanguage = filters.language ?? language;
  const chosen = () => chosenTranslation(db, textLanguage);
  // Counting, every match is read anyway. Counted in a subquery of their own (a window function keeps
  // PostgreSQL from merging it into the page's query), they are planned for all of them: the term's index,
  // then the site and visibility. In one query with the page's limit, PostgreSQL costs the count as if it
  // stopped early and walks every release by date, testing each (about 100 ms instead of 5). Named as the
  // table, so that the ordering reads the same columns.
  const countedMatches = (conditions: SQL | undefined) =>
    db
      .select({
        id: pressReleases.id,
        number: pressReleases.number,
        publicationDate: pressReleases.publicationDate,
        companyId: pressReleases.companyId,
        matches: sql<number>`count(*) over ()`.as('matches'),
      })
      .from(pressReleases)
      .where(conditions)
      .as('press_releases');
  type PageOptions = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };
  const ordersByText = (options: PageOptions) => renderedSql(options.orderBy).includes('"chosen"');
  /**
   * The ids of one page's releases (joined to the shown text only when the ordering uses it) and, when
   * `counted`, how many releases match in all, counted over the matches before the page is kept.
   */
  const pageOf = (options: PageOptions, counted: boolean) => {
    const conditions = allOf([...scope, options.where]);
    const byText = ordersByText(options);
    type Matches = ReturnType<typeof countedMatches>;
    const page = (
      from: typeof pressReleases | Matches,
      selection: { id: typeof pressReleases.id | Matches['id']; matches: SQL.Aliased<number> },
    ) => {
      const query = db.select(selection).from(from).$dynamic();
      return (byText ? query.innerJoinLateral(chosen(), sql`true`) : query)
        .orderBy(...options.orderBy)
        .limit(options.limit)
        .offset(options.offset);
    };
    if (!counted) {
      return page(pressReleases, { id: pressReleases.id, matches: sql<number>`0`.as('matches') }).where(
        conditions,
      );
    }
    const matches = countedMatches(conditions);
    return page(matches, {
      id: matches.id,
      matches: sql<number>`${matches.matches}::int`.as('matches'),
    });
  };
  /**
   * One page of the releases found among the first `window` the list holds in the page's order: read newest
   * first (by the ordering's index) and stopped there, each tested against the search only then.
   */
  const windowedPageOf = (options: PageOptions, window: number) => {
    const first = db
      .select({
        id: pressReleases.id,
        number: pressReleases.number,
        publicationDate: pressReleases.publicationDate,
        companyId: pressReleases.companyId,
      })
      .from(pressReleases)
      .where(allOf(listed))
      .orderBy(...options.orderBy)
      .limit(window)
      .as('press_releases');
    return db
      .select({ id: first.id, matches: sql<number>`0`.as('matches') })
      .from(first)
      .where(allOf([searchCondition(filters, true), options.where]))
      .orderBy(...options.orderBy)
      .limit(options.limit)
      .offset(options.offset);
  };
  /**
   * The page's releases as shown, in the page's order. What is shown of them comes from one prepared
   * statement: only the page's few releases are read for it, and that statement, the larger of the two, is
   * neither built nor planned again.
   */
  const shown = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const rows = await shownReleases(db).execute({
      ids,
      language: textLanguage,
      now: viewer.now.toISOString(),
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A release deleted between the two statements is left out.
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  /**
   * One page of releases as shown, with how many match when `counted` (null for an empty page). The page's
   * ids come from a statement named after its text (executeNamed: planned once per connection, whatever the
   * values).
   */
  const shownPage = async (options: PageOptions, counted: boolean) => {
    const page = await executeNamed(pageOf(options, counted));
    return {
      count: page.length === 0 ? null : page[0].matches,
      rows: await shown(page.map((row) => row.id)),
    };
  };
  const countOf = async (conditions: (SQL | undefined)[]) => {
    const [row] = await executeNamed(
      db.select({ count: sql<number>`count(*)::int` }).from(pressReleases).where(allOf(conditions)),
    );
    return row.count;
  };
  /**
   * What a count counts, as a key: what the access rule reads of the viewer, the filters, the search (when
   * `withSearch`) and the table's conditions, with their values (a "contains" search's releases among them).
   */
  const countKey = (withSearch: boolean, where: SQL | undefined) => {
    const table = where === undefined ? null : dialect.sqlToQuery(where);
    const described = JSON.stringify([
      releaseSightKey(viewer),
      unsearched.group ?? null,
      unsearched.featuredOn ?? null,
      unsearched.year ?? null,
      unsearched.language ?? null,
      unsearched.company ?? null,
      unsearched.brand ?? null,
      withSearch ? searchKey(filters.search) : null,
      table?.sql ?? null,
      table?.params ?? null,
    ]);
    // The releases a "contains" search found can be thousands of ids: the key holds their digest.
    return createHash('sha256').update(described).digest('base64');
  };
  /** How many releases the list holds before its search; kept when the source may keep counts. */
  const listedCount = () =>
    keptCount ? keptCount(countKey(false, undefined), () => countOf(listed)) : countOf(listed);
  /**
   * The page of a search whose count is known: when the matches are common enough, the list is read in the
   * page's order and stopped after about twice the releases that should hold the page (a few hundred for a
   * word in one release in ten), and only those are tested against the search; when they do not hold it
   * after all, or the matches are few, or the order is by a translation's text, the matches are found first
   * and ordered.
   */
  const knownPage = async (options: PageOptions, count: number) => {
    if ((searched !== undefined || options.where !== undefined) && !ordersByText(options)) {
      const listedTotal = await listedCount();
      const through = options.offset + options.limit;
      const window = Math.ceil((2 * through * listedTotal) / count) + 50;
      if (window < listedTotal) {
        const page = await executeNamed(windowedPageOf(options, window));
        if (page.length >= Math.min(options.limit, count - options.offset)) {
          return shown(page.map((row) => row.id));
        }
      }
    }
    return (await shownPage(options, false)).rows;
  };
  return {
    async count(where) {
      const conditions = [...scope, where];
      return keptCount ? keptCount(countKey(true, where), () => countOf(conditions)) : countOf(conditions);
    },
    async rows({ where, orderBy, limit, offset }) {
      if (limit !== null) return (await shownPage({ where, orderBy, limit, offset }, false)).rows;
      return shownReleasesQuery(db, textLanguage, nowParameter(viewer.now))
        .where(allOf([...scope, where]))
        .orderBy(...orderBy)
        .offset(offset);
    },
    async countedRows(options) {
      // As `rows`, with how many match counted on the way: the matches are found once, not once more to
      // count them.
      if (!keptCount) return shownPage(options, true);
      // A search not counted yet reads every match anyway: its page comes with its count.
      let counted: { count: number | null; rows: ReleaseSummaryRow[] } | undefined;
      const count = await keptCount(countKey(true, options.where), async () => {
        counted = await shownPage(options, true);
        return counted.count ?? (await countOf([...scope, options.where]));
      });
      if (counted !== undefined) return { count, rows: counted.rows };
      if (options.offset >= count) return { count, rows: [] };
      return { count, rows: await knownPage(options, count) };
    },
  };
}

/** Years with at least one release the viewer may see, with how many; columns `year` and `count`. */
export function releaseYearsSource(
  db: Executor,
  viewer: Viewer,
  filters: ReleaseFilters,
): ListSource<{ year: number; count: number }> {
  const years = db
    .select({ year: releaseYear.as('year'), count: sql<number>`count(*)::int`.as('count') })
    .from(pressReleases)
    .where(allOf([visibleTo(viewer), ...filterConditions(filters)]))
    .groupBy(releaseYear)
    .as('years');
  return {
    async count(where) {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(years).where(where);
      return row.count;
    },
    async rows({ where, orderBy, limit, offset }) {
      const query = db
        .select({ year: years.year, count: years.count })
        .from(years)
        .where(where)
        .orderBy(...orderBy)
        .offset(offset);
      return limit === null ? query : query.limit(limit);
    },
  };
}

/** Companies with releases the viewer may see (of one site when `group` is given), by name, with how many. */
export async function companiesWithReleases(
  db: Executor,
  viewer: Viewer,
  group: number | undefined,
): Promise<(ReleaseCompanyRow & { count: number })[]> {
  const rows = await db
    .select({
      id: sql<number>`c.id`,
      name: sql<string>`${publicName}`,
      website: sql<string>`${publicWebsite}`,
      brands: sql<ReleaseCompanyRow['brands'] | string>`${brandsOf(sql`c.id`)}`,
      count: sql<number>`count(*)::int`,
    })
    .from(pressReleases)
    .innerJoin(sql`companies c`, sql`c.id = ${pressReleases.companyId}`)
    .where(allOf([visibleTo(viewer), ...filterConditions({ group })]))
    .groupBy(sql`c.id`)
    .orderBy(sql`lower(${publicName})`, sql`c.id`);
  return rows.map((row) => ({
    ...row,
    brands: typeof row.brands === 'string' ? JSON.parse(row.brands) : row.brands,
  }));
}

export const releaseYearColumns: ListColumns = {
  year: { expression: sql`"years"."year"` },
  count: { expression: sql`"years"."count"` },
};

export interface ReleaseDetailRow extends ReleaseSummaryRow {
  body: string;
  status: string;
}

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

export type ReleaseFileRow = typeof pressReleaseFiles.$inferSelect;

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

export interface AdminReleaseRow {
  id: number;
  number: number | null;
  year: number;
  publicationDate: string;
  status: string;
  companyId: number | null;
  embargoUntil: Date | null;
  publishAt: Date | null;
  createdById: number | null;
  submittedAt: Date | null;
  publishedAt: Date | null;
  updatedAt: Date;
  language: string;
  title: string;
  groups: number[];
}

/** Releases of every status within `scope` (what the editor may see), for the back-office list. */
export function adminReleaseSource(
  db: Executor,
  scope: (SQL | undefined)[],
  language: Language,
): ListSource<AdminReleaseRow> {
  return {
    async count(where) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(pressReleases)
        .where(allOf([...scope, where]));
      return row.count;
    },
    async rows({ where, orderBy, limit, offset }) {
      const chosen = chosenTranslation(db, language);
      const query = db
        .select({
          id: pressReleases.id,
          number: pressReleases.number,
          year: releaseYear,
          publicationDate: pressReleases.publicationDate,
          status: pressReleases.status,
          companyId: pressReleases.companyId,
          embargoUntil: pressReleases.embargoUntil,
          publishAt: pressReleases.publishAt,
          createdById: pressReleases.createdById,
          submittedAt: pressReleases.submittedAt,
          publishedAt: pressReleases.publishedAt,
          updatedAt: pressReleases.updatedAt,
          language: chosen.language,
          title: chosen.title,
          groups: groupIds,
        })
        .from(pressReleases)
        .innerJoinLateral(chosen, sql`true`)
        .where(allOf([...scope, where]))
        .orderBy(...orderBy)
        .offset(offset);
      return limit === null ? query : query.limit(limit);
    },
  };
}

export function adminReleaseColumns(): ListColumns {
  return { ...releaseColumns(), status: { expression: pressReleases.status } };
}

/**
 * Companies by name (business or short name, whatever the case and accents) and/or id, alphabetically, at
 * most `limit`.
 */
export async function findCompanies(
  db: Executor,
  options: { search?: string; id?: number; limit: number },
): Promise<{ id: number; name: string }[]> {
  const contains = options.search?.trim() ? containsIgnoringAccents(options.search.trim()) : undefined;
  return db
    .select({ id: companies.id, name: companies.businessName })
    .from(companies)
    .where(
      allOf([
        options.id === undefined ? undefined : eq(companies.id, options.id),
        contains === undefined
          ? undefined
          : or(contains(companies.businessName), contains(companies.shortName)),
      ]),
    )
    .orderBy(asc(companies.businessName), asc(companies.id))
    .limit(options.limit);
}

/** The public side (visible to anyone now) of one site's releases. */
const publicOfSite = (now: Date, siteId: number) =>
  allOf([visibleTo({ pressAccess: false, now }), ...filterConditions({ group: siteId })]);

/** JSON of a driver: parsed by some, text for others. */
const parsedJson = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value);

export interface PageTranslation {
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

// --- Featured releases --------------------------------------------------------------------------------------

/** The sites featuring a release on their Home. */
export async function featuredGroupsOf(db: Executor, releaseId: number): Promise<number[]> {
  const rows = await db
    .select({ id: pressReleaseGroups.pressGroupId })
    .from(pressReleaseGroups)
    .where(and(eq(pressReleaseGroups.pressReleaseId, releaseId), isNotNull(pressReleaseGroups.featuredSlot)))
    .orderBy(asc(pressReleaseGroups.pressGroupId));
  return rows.map((row) => row.id);
}

/** A release's place on a site: undefined when the release is not on it; its slot (null: not featured). */
export async function siteMembership(
  db: Executor,
  releaseId: number,
  groupId: number,
): Promise<{ featuredSlot: number | null } | undefined> {
  const [row] = await db
    .select({ featuredSlot: pressReleaseGroups.featuredSlot })
    .from(pressReleaseGroups)
    .where(
      and(eq(pressReleaseGroups.pressReleaseId, releaseId), eq(pressReleaseGroups.pressGroupId, groupId)),
    );
  return row;
}

/**
 * Locks the site's row until the transaction ends, so the featurings of one site happen one after another
 * whichever server runs them; the slots' unique index holds the limit even without it.
 */
export async function lockSiteFeatures(tx: Executor, groupId: number) {
  await tx.select({ id: pressGroups.id }).from(pressGroups).where(eq(pressGroups.id, groupId)).for('update');
}

/** The site's slots in use (at most maxFeaturedReleases rows). */
export async function usedFeaturedSlots(db: Executor, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ slot: pressReleaseGroups.featuredSlot })
    .from(pressReleaseGroups)
    .where(and(eq(pressReleaseGroups.pressGroupId, groupId), isNotNull(pressReleaseGroups.featuredSlot)));
  return rows.map((row) => Number(row.slot));
}

export async function setFeaturedSlot(db: Executor, releaseId: number, groupId: number, slot: number | null) {
  await db
    .update(pressReleaseGroups)
    .set({ featuredSlot: slot })
    .where(
      and(eq(pressReleaseGroups.pressReleaseId, releaseId), eq(pressReleaseGroups.pressGroupId, groupId)),
    );
}

/** The site's featured releases the viewer may read, newest first, in `language` (or its fallback). */
export function featuredReleaseRows(
  db: Executor,
  viewer: Viewer,
  groupId: number,
  language: Language,
): Promise<ReleaseSummaryRow[]> {
  return releaseSource(db, viewer, { featuredOn: groupId }, language).rows({
    where: undefined,
    orderBy: [...releaseDefaultOrder, ...releaseTiebreaker],
    limit: maxFeaturedReleases,
    offset: 0,
  });
}
