import {
  type Executor,
  pressReleaseSearchVectors,
  pressReleases,
  pressReleaseTranslations,
  pressReleaseWords,
} from '@pressroom/db';
import { type Column, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, digitsColumn, type ListColumns, type SearchGroup } from '../../lib/datatables.ts';
import { preparedPerExecutor } from '../../lib/prepared.ts';

import { releaseYear } from './release-rows.ts';

// A release table's "contains" search by words (migration 0044) and the columns a DataTables request may
// search and order by.

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
  contains: (db: Executor, term: string, fields: ReleaseTextField[]) => Promise<readonly number[]> = async (
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
