import { createHash } from 'node:crypto';
import type { Language } from '@pressroom/contract';
import { companies, type Executor, pressReleases } from '@pressroom/db';
import { asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { nowParameter, nowPlaceholder, releaseSightKey, type Viewer, visibleTo } from '../../access/index.ts';
import {
  containsIgnoringAccents,
  type KeptForList,
  type ListColumns,
  type ListSource,
} from '../../lib/datatables.ts';
import { executeNamed, preparedPerExecutor } from '../../lib/prepared.ts';

import {
  allOf,
  brandsOf,
  chosenTranslation,
  dialect,
  filterConditions,
  groupIds,
  publicName,
  publicWebsite,
  type ReleaseCompanyRow,
  type ReleaseFilters,
  type ReleaseSummaryRow,
  releaseFieldsAt,
  releaseYear,
  renderedSql,
  searchCondition,
  searchKey,
} from './release-rows.ts';
import { releaseColumns } from './text-search-repository.ts';

// Lists of releases: the public list (with its kept counts), its years and companies, and the back office's.

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
 * Given `kept`, how many match a search is kept (per what the access rule reads of the viewer, the filters,
 * the search and the table's conditions), and so are a search's matches in the page's order when they are
 * few enough: a page of a counted search no longer counts them, nor finds them again.
 */
export function releaseSource(
  db: Executor,
  viewer: Viewer,
  filters: ReleaseFilters,
  language: Language,
  kept?: KeptForList,
): ListSource<ReleaseSummaryRow> {
  const keptCount = kept?.count;
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
      if (!kept) return shownPage(options, true);
      if ((searched !== undefined || options.where !== undefined) && !ordersByText(options)) {
        // Every match in the page's order, read once (counted as they are, so planned for all of them):
        // kept when they are few enough (kept.orderedMatches; a common word's are counted, and each page read
        // by the ordering's index), null when not, and then the count and the page are read as below.
        const { orderedMatches } = kept;
        const order = dialect.sqlToQuery(sql.join(options.orderBy, sql`, `));
        const ordered = await kept.ids(
          JSON.stringify(['ordered', countKey(true, options.where), order.sql, order.params]),
          async () => {
            const matches = await executeNamed(
              pageOf({ ...options, limit: orderedMatches + 1, offset: 0 }, true),
            );
            return matches.length > orderedMatches ? null : matches.map((row) => row.id);
          },
        );
        if (ordered !== null) {
          const page = ordered.slice(options.offset, options.offset + options.limit);
          return { count: ordered.length, rows: await shown(page) };
        }
      }
      // A search not counted yet reads every match anyway: its page comes with its count.
      let counted: { count: number | null; rows: ReleaseSummaryRow[] } | undefined;
      const count = await kept.count(countKey(true, options.where), async () => {
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
