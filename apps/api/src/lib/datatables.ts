import type { DataTablesPage, Page } from '@pressroom/contract';
import { dataTablesResponse, pageResponse } from '@pressroom/contract';
import type { Executor } from '@pressroom/db';
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from './api-error.ts';

/**
 * Every list call speaks two shapes (PRODUCT.md section 5):
 * - `format=datatables`: the DataTables server-side protocol exactly as django-rest-framework-datatables reads
 *   it (its LimitOffset pagination: `start` is an offset, `length` a limit), answered with
 *   `{draw, recordsTotal, recordsFiltered, data}`;
 * - otherwise Django REST page-number pagination: `page`, `page_size`, answered with
 *   `{count, next, previous, results}` and absolute next/previous links.
 *
 * Clients name columns freely, so a route declares the columns it allows (a whitelist mapping each name to a
 * SQL expression); any other name is ignored. Every value reaches SQL as a bound parameter.
 *
 * Decisions where django-rest-framework-datatables would fail or is silent (a 500 there is never one here):
 * - `length=-1` returns every row; `length` missing, not an integer or <= 0 uses the default page size.
 * - `start` not an integer or negative is 0; past the end gives an empty `data`.
 * - `draw` missing is 1 (as the library); not an integer is 0, which a DataTables client discards as stale.
 * - a regular expression (`search[regex]=true`) is refused (400) on every list but those of the back office,
 *   which declare `regexSearch`: nobody reading the public or press lists needs one, and a crafted one (back-
 *   references, nested counted repetitions) held PostgreSQL for minutes. Where allowed it is limited (at most
 *   100 characters, no back-references, no counted repetitions, no embedded options); an invalid one (as
 *   PostgreSQL judges it) contributes no condition, as the library does with a regex Python cannot compile.
 * - `order[i][column]` not an integer, negative, out of range, naming a non-orderable or unknown column: ignored.
 * - the library's trimming of `data` to the requested columns is not applied: rows keep their documented shape.
 */

const defaultPageSize = 10;
/** Upper bound of `page_size` in the plain shape (DRF's max_page_size). */
const maxPlainPageSize = 100;
// Bounds on how much of a querystring is read, so a crafted URL cannot make the server loop or bind thousands
// of parameters.
const maxColumns = 64;
const maxOrderings = 16;
const maxSearchLength = 500;
const maxRegexLength = 100;

export interface ListColumn {
  /** The expression the column orders by and, unless `search` is given, searches in (compared as text). */
  expression: SQL | Column;
  /** Whether the route allows searching this column (the request must also say `searchable=true`). */
  searchable?: boolean;
  /** Whether the route allows ordering by this column (the request must also say `orderable=true`). */
  orderable?: boolean;
  /**
   * A custom search condition, for columns whose text lives elsewhere (e.g. in any translation): receives
   * a function that turns an expression into the comparison with the searched value.
   */
  search?: (matches: Matcher) => SQL;
  /**
   * Columns searched together, as one question (e.g. a release's title, subtitle and body, in any of its
   * translations): a search of several of them asks the group once, naming them (`member`), where a
   * condition per column would find the same rows once per column. Takes the place of `search`.
   */
  searchGroup?: { group: SearchGroup; member: string };
  /**
   * Whether the column's text may contain the term of a plain "contains" search at all (a date's text holds
   * no letter). When it cannot, the column adds no condition, rather than one tested against every row.
   */
  mayContain?: (term: string) => boolean;
}

/** Columns searched together (see ListColumn.searchGroup). */
export interface SearchGroup {
  /** The condition "one of `members` matches" on the list's row; it may ask the database first. */
  search(db: Executor, matches: Matcher, members: string[]): Promise<SQL>;
}

/**
 * Turns an expression into its comparison with a searched value. A plain "contains" search also says what it
 * looks for (`contains`, as typed), for the columns and groups that find it their own way.
 */
export interface Matcher {
  (expression: SQL | Column): SQL;
  contains?: string;
}

export type ListColumns = Record<string, ListColumn>;

interface RequestedColumn {
  data: string;
  /** `columns[i][name]` (or `data` when empty), split on commas: each part is searched, the first orders. */
  names: string[];
  searchable: boolean;
  orderable: boolean;
  search: { value: string | null; regex: boolean };
}

export interface DataTablesQuery {
  draw: number;
  start: number;
  /** null: every row (`length=-1`). */
  length: number | null;
  search: { value: string | null; regex: boolean };
  columns: RequestedColumn[];
  order: { column: number; dir: 'asc' | 'desc' }[];
}

export interface PlainQuery {
  /** A page number, or 'last'; null when the parameter is not a page number (answered with 404 like DRF). */
  page: number | 'last' | null;
  pageSize: number;
}

/** The raw querystring, read from the URL because bracketed keys must stay flat and exact. */
function rawQuery(request: FastifyRequest): URLSearchParams {
  const url = request.raw.url ?? request.url;
  const index = url.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : url.slice(index + 1));
}

function isDataTablesRequest(params: URLSearchParams): boolean {
  return params.get('format') === 'datatables';
}

/** Python's int() on a query value: optional sign and surrounding blanks; anything else is not a number. */
function parseInteger(value: string | null): number | null {
  if (value === null) return null;
  const match = /^\s*([+-]?\d+)\s*$/.exec(value);
  if (!match) return null;
  const parsed = Number(match[1]);
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** PostgreSQL refuses NUL in text; nothing a client sends may turn into a server error. */
function clean(value: string | null): string | null {
  if (value === null) return null;
  return value.replaceAll('\u0000', '').slice(0, maxSearchLength);
}

function searchValue(value: string | null): string | null {
  const cleaned = clean(value);
  // The library treats an empty value and the literal 'false' (what some clients send) as no search.
  return cleaned && cleaned !== 'false' ? cleaned : null;
}

/** The request's `draw`, echoed in the answer: 1 when absent, 0 when not a number (as the library). */
export function requestedDraw(params: URLSearchParams): number {
  const drawValue = params.get('draw');
  return drawValue === null ? 1 : (parseInteger(drawValue) ?? 0);
}

export function parseDataTablesQuery(params: URLSearchParams, pageSize = defaultPageSize): DataTablesQuery {
  const draw = requestedDraw(params);

  const lengthValue = params.get('length');
  let length: number | null;
  if (lengthValue === '-1') length = null;
  else {
    const parsed = parseInteger(lengthValue);
    length = parsed !== null && parsed > 0 ? parsed : pageSize;
  }
  const startParsed = parseInteger(params.get('start'));
  const start = startParsed !== null && startParsed > 0 ? startParsed : 0;

  const columns: RequestedColumn[] = [];
  for (let i = 0; i < maxColumns; i++) {
    const data = params.get(`columns[${i}][data]`);
    if (data === null) break;
    if (data === '') {
      // A column without data (a DataTables action column) keeps its index but takes no part.
      columns.push({
        data,
        names: [],
        searchable: false,
        orderable: false,
        search: { value: null, regex: false },
      });
      continue;
    }
    const name = params.get(`columns[${i}][name]`) || data;
    columns.push({
      data,
      names: name
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
      searchable: params.get(`columns[${i}][searchable]`) === 'true',
      orderable: params.get(`columns[${i}][orderable]`) === 'true',
      search: {
        value: searchValue(params.get(`columns[${i}][search][value]`)),
        regex: params.get(`columns[${i}][search][regex]`) === 'true',
      },
    });
  }

  const order: DataTablesQuery['order'] = [];
  for (let i = 0; i < maxOrderings; i++) {
    const columnValue = params.get(`order[${i}][column]`);
    if (columnValue === null) break;
    const column = parseInteger(columnValue);
    if (column === null || column < 0 || column >= columns.length) continue;
    order.push({ column, dir: params.get(`order[${i}][dir]`) === 'desc' ? 'desc' : 'asc' });
  }

  return {
    draw,
    start,
    length,
    search: {
      value: searchValue(params.get('search[value]')),
      regex: params.get('search[regex]') === 'true',
    },
    columns,
    order,
  };
}

export function parsePlainQuery(params: URLSearchParams, pageSize = defaultPageSize): PlainQuery {
  const pageValue = params.get('page');
  let page: PlainQuery['page'];
  if (pageValue === null || pageValue === '') page = 1;
  else if (pageValue === 'last') page = 'last';
  else {
    const parsed = parseInteger(pageValue);
    page = parsed !== null && parsed > 0 ? parsed : null;
  }
  const sizeParsed = parseInteger(params.get('page_size'));
  const size = sizeParsed !== null && sizeParsed > 0 ? Math.min(sizeParsed, maxPlainPageSize) : pageSize;
  return { page, pageSize: size };
}

function lookupColumn(columns: ListColumns, name: string): ListColumn | undefined {
  const candidates = [name, name.replace(/\./g, '__'), name.replace(/__/g, '.')];
  for (const candidate of candidates) {
    if (Object.hasOwn(columns, candidate)) return columns[candidate];
  }
  return undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Asks PostgreSQL itself whether it accepts the pattern, so its verdict and the search can never disagree. */
async function isValidRegex(db: Executor, pattern: string): Promise<boolean> {
  try {
    await db.execute(sql`select '' ~* ${pattern}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * What makes PostgreSQL's regular expressions slow (back-references: exponential; nested counted repetitions:
 * seconds to compile and run), found by reading the pattern: escapes are skipped, bracket expressions too.
 */
function tooComplex(pattern: string): boolean {
  if (pattern.length > maxRegexLength) return true;
  // `***:` / `***=` directors and leading `(?b)`-style options change the flavour (a BRE's \{m,n\}).
  if (pattern.startsWith('***') || /^\(\?[a-z]+\)/i.test(pattern)) return true;
  let inBrackets = false;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index];
    if (character === '\\') {
      const next = pattern[index + 1] ?? '';
      if (/[1-9]/.test(next)) return true;
      index += 1;
    } else if (inBrackets) {
      if (character === ']') inBrackets = false;
    } else if (character === '[') {
      inBrackets = true;
      // A ']' right after '[' or '[^' is a member, not the end.
      if (pattern[index + 1] === '^') index += 1;
      if (pattern[index + 1] === ']') index += 1;
    } else if (character === '{') return true;
  }
  return false;
}

/** Refuses a regular expression where the list allows none, or one too complex (see `tooComplex`). */
function checkRegex(value: string, allowed: boolean) {
  if (!allowed) throw new ApiError(400, { detail: 'regexSearchNotAllowed' });
  if (tooComplex(value)) throw new ApiError(400, { detail: 'regexSearchTooComplex' });
}

async function matcherFor(
  db: Executor,
  value: string,
  regex: boolean,
  regexCache: Map<string, boolean>,
): Promise<Matcher | null> {
  if (regex) {
    let valid = regexCache.get(value);
    if (valid === undefined) {
      valid = await isValidRegex(db, value);
      regexCache.set(value, valid);
    }
    if (!valid) return null;
    return (expression) => sql`(${expression})::text ~* ${value}`;
  }
  return containsIgnoringAccents(value);
}

/**
 * `expression` contains `value`, whatever the case and the accents ("argilla" finds "Àrgilla"): both go
 * through immutable_unaccent (migration 0004_unaccent_search) before ilike.
 */
export function containsIgnoringAccents(value: string): Matcher {
  const matches: Matcher = (expression) =>
    sql`immutable_unaccent((${expression})::text) ilike immutable_unaccent(${containsPattern(value)})`;
  matches.contains = value;
  return matches;
}

/** The LIKE pattern of "contains `value`" (`%`, `_` and `\` in it taken literally). */
export const containsPattern = (value: string) => `%${escapeLike(value)}%`;

/**
 * A column whose text is digits and dashes (a number, a date, an id): a plain "contains" search compares that
 * text as it is (lower case and accent-free already), and adds no condition at all for a term with a letter,
 * which no such text holds (folding never makes an ASCII letter anything else).
 */
export function digitsColumn(expression: SQL | Column): ListColumn {
  return {
    expression,
    mayContain: (term) => !/[A-Za-z]/.test(term),
    search: (matches) =>
      matches.contains === undefined
        ? matches(expression)
        : sql`(${expression})::text like search_fold(${containsPattern(matches.contains)})`,
  };
}

/**
 * The conditions of `columns` (each allowed for the search), to be ORed: one per column, and one per group
 * for its members; none for a column that cannot contain the term.
 */
async function searchConditions(db: Executor, columns: ListColumn[], matches: Matcher): Promise<SQL[]> {
  const conditions: SQL[] = [];
  const groups = new Map<SearchGroup, string[]>();
  for (const column of columns) {
    if (matches.contains !== undefined && column.mayContain?.(matches.contains) === false) continue;
    if (column.searchGroup) {
      const members = groups.get(column.searchGroup.group) ?? [];
      if (!members.includes(column.searchGroup.member)) members.push(column.searchGroup.member);
      groups.set(column.searchGroup.group, members);
    } else {
      conditions.push(column.search ? column.search(matches) : matches(column.expression));
    }
  }
  for (const [group, members] of groups) conditions.push(await group.search(db, matches, members));
  return conditions;
}

function joinConditions(conditions: SQL[], operator: 'and' | 'or'): SQL | undefined {
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return conditions[0];
  return sql`(${sql.join(conditions, sql.raw(` ${operator} `))})`;
}

/**
 * The library's filter: (global search ORed over the searchable columns) AND (each column search), where a
 * column given several names matches when any of them does.
 */
async function dataTablesCondition(
  db: Executor,
  query: DataTablesQuery,
  columns: ListColumns,
  regexSearch = false,
): Promise<SQL | undefined> {
  // Every regular expression of the request is judged before anything reaches the database.
  for (const search of [query.search, ...query.columns.map((column) => column.search)]) {
    if (search.regex && search.value !== null) checkRegex(search.value, regexSearch);
  }
  const regexCache = new Map<string, boolean>();
  const global =
    query.search.value === null
      ? null
      : await matcherFor(db, query.search.value, query.search.regex, regexCache);
  const globallySearched: ListColumn[] = [];
  const columnConditions: SQL[] = [];
  for (const requested of query.columns) {
    if (!requested.searchable) continue;
    const allowed = requested.names
      .map((name) => lookupColumn(columns, name))
      .filter((column): column is ListColumn => column !== undefined && column.searchable !== false);
    if (allowed.length === 0) continue;
    if (global) globallySearched.push(...allowed);
    if (requested.search.value !== null) {
      const own = await matcherFor(db, requested.search.value, requested.search.regex, regexCache);
      if (own) columnConditions.push(anyOf(await searchConditions(db, allowed, own)));
    }
  }
  const parts = [...columnConditions];
  if (global && globallySearched.length > 0) {
    parts.unshift(anyOf(await searchConditions(db, globallySearched, global)));
  }
  return joinConditions(parts, 'and');
}

/** Conditions ORed; none (no column could contain the term) matches nothing. */
const anyOf = (conditions: SQL[]): SQL => joinConditions(conditions, 'or') ?? sql`false`;

/** The requested ordering, restricted to columns both the request and the route call orderable. */
function dataTablesOrdering(query: DataTablesQuery, columns: ListColumns): SQL[] {
  const ordering: SQL[] = [];
  for (const { column: index, dir } of query.order) {
    const requested = query.columns[index];
    if (!requested?.orderable || requested.names.length === 0) continue;
    const column = lookupColumn(columns, requested.names[0]);
    if (!column || column.orderable === false) continue;
    ordering.push(dir === 'desc' ? sql`${column.expression} desc` : sql`${column.expression} asc`);
  }
  return ordering;
}

export interface ListSource<Row> {
  /** Rows in the route's scope (its own filters applied) that also satisfy `where` when given. */
  count(where: SQL | undefined): Promise<number>;
  rows(options: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number | null;
    offset: number;
  }): Promise<Row[]>;
  /**
   * The page and how many rows satisfy `where`, found together where a source can (the matches are found
   * once, not once to count and again for the page). `count` is null when the page is empty: past the last
   * row nothing was counted.
   */
  countedRows?(options: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
  }): Promise<{ count: number | null; rows: Row[] }>;
}

/**
 * A count kept under a key (what was counted: a list's filters and search), valid as long as the list's
 * content is; `count` counts it when nothing valid is kept.
 */
export type KeptCount = (key: string, count: () => Promise<number>) => Promise<number>;

/**
 * Ids kept under a key (what found them: a search's term, a list's filters, search and order), as a count is;
 * `find` finds them when nothing valid is kept, and answers null when there is nothing to keep (too many, or
 * past a search's bounds), which is kept too.
 */
export type KeptIds = (
  key: string,
  find: () => Promise<readonly number[] | null>,
) => Promise<readonly number[] | null>;

/**
 * What a list may keep while it answers: counts, lists of ids, and how many matches of a search it keeps in the
 * page's order at most.
 */
export interface KeptForList {
  count: KeptCount;
  ids: KeptIds;
  orderedMatches: number;
}

/** How many rows satisfy `where`, and the page of them (no query for a page that starts past the last). */
async function countedPage<Row>(
  source: ListSource<Row>,
  options: { where: SQL | undefined; orderBy: SQL[]; limit: number | null; offset: number },
): Promise<{ count: number; rows: Row[] }> {
  const { limit } = options;
  if (source.countedRows && limit !== null) {
    const page = await source.countedRows({ ...options, limit });
    if (page.count !== null) return { count: page.count, rows: page.rows };
    return { count: await source.count(options.where), rows: [] };
  }
  const count = await source.count(options.where);
  return { count, rows: options.offset >= count ? [] : await source.rows(options) };
}

export interface ListDefinition<Row> {
  columns: ListColumns;
  /** Used when the request orders by nothing usable. */
  defaultOrder: SQL[];
  /** Appended to every ordering so pages are stable (e.g. the id). */
  tiebreaker: SQL[];
  source: ListSource<Row>;
  pageSize?: number;
  /** Back-office lists only: callers may search by (limited) regular expression; elsewhere it is refused. */
  regexSearch?: boolean;
}

export type ListResult<Row> = DataTablesPage<Row> | Page<Row>;

function absoluteUrl(request: FastifyRequest, params: URLSearchParams, page: number | null): string {
  const copy = new URLSearchParams(params);
  // Like DRF: the first page's link has no page parameter.
  if (page === null || page === 1) copy.delete('page');
  else copy.set('page', String(page));
  const path = (request.raw.url ?? request.url).split('?')[0];
  const search = copy.toString();
  // From the site's configured address: the Host header is the client's to set (and lists are cached).
  return `${request.site.address}${path}${search ? `?${search}` : ''}`;
}

/**
 * The DataTables answer to the given parameters (`format=datatables` and the protocol's own): what a list
 * call answers them, for a caller that has the parameters without a request (a page the server renders).
 */
export async function dataTablesPage<Row>(
  db: Executor,
  params: URLSearchParams,
  definition: ListDefinition<Row>,
): Promise<DataTablesPage<Row>> {
  const query = parseDataTablesQuery(params, definition.pageSize ?? defaultPageSize);
  const where = await dataTablesCondition(db, query, definition.columns, definition.regexSearch);
  const requestedOrder = dataTablesOrdering(query, definition.columns);
  const orderBy = [
    ...(requestedOrder.length > 0 ? requestedOrder : definition.defaultOrder),
    ...definition.tiebreaker,
  ];
  const page = await countedPage(definition.source, {
    where,
    orderBy,
    limit: query.length,
    offset: query.start,
  });
  const recordsTotal = where ? await definition.source.count(undefined) : page.count;
  return { draw: query.draw, recordsTotal, recordsFiltered: page.count, data: page.rows };
}

/** Answers a list call in the shape the request asks for. */
export async function listResponse<Row>(
  request: FastifyRequest,
  definition: ListDefinition<Row>,
): Promise<ListResult<Row>> {
  const params = rawQuery(request);
  const db = request.server.db;
  const pageSize = definition.pageSize ?? defaultPageSize;

  if (isDataTablesRequest(params)) return dataTablesPage(db, params, definition);

  const query = parsePlainQuery(params, pageSize);
  // DRF answers 404 "Invalid page." for a page that is not a number or lies past the last one.
  if (query.page === null) throw new ApiError(404, { detail: 'invalidPage' });
  const lastPageOf = (count: number) => Math.max(1, Math.ceil(count / query.pageSize));
  // The last page's number needs the count first; any other page is found with its count.
  const page = query.page === 'last' ? lastPageOf(await definition.source.count(undefined)) : query.page;
  const { count, rows: results } = await countedPage(definition.source, {
    where: undefined,
    orderBy: [...definition.defaultOrder, ...definition.tiebreaker],
    limit: query.pageSize,
    offset: (page - 1) * query.pageSize,
  });
  const lastPage = lastPageOf(count);
  if (page > lastPage) throw new ApiError(404, { detail: 'invalidPage' });
  return {
    count,
    next: page < lastPage ? absoluteUrl(request, params, page + 1) : null,
    previous: page > 1 ? absoluteUrl(request, params, page - 1) : null,
    results,
  };
}

/** The response schema of a list call: either shape, with the same rows. */
export const listResponseSchema = <Row extends z.ZodType>(row: Row) =>
  z.union([dataTablesResponse(row), pageResponse(row)]);

/** Documents (OpenAPI) the list parameters; bracketed DataTables keys pass through and are read raw. */
export const listQuerySchema = z.looseObject({
  format: z
    .string()
    .optional()
    .describe("'datatables' for the DataTables protocol; otherwise the page shape"),
  draw: z.string().optional(),
  start: z.string().optional(),
  length: z.string().optional().describe('-1 for every row'),
  page: z.string().optional(),
  page_size: z.string().optional(),
});
