import type { Executor } from '@pressroom/db';
import { releaseSightKey, type Viewer } from '../../access/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { KeptIds, SearchGroup } from '../../lib/datatables.ts';
import {
  type ReleaseTextField,
  releasesContaining,
  releaseTextSearch,
  type SearchLimits,
} from './text-search-repository.ts';

/**
 * What one "contains" search of release texts (a table's `search[value]`, or a column's search) may read for a
 * reader without press access, whom anyone on the Internet can be: the words of the vocabulary that contain the
 * term, the translations found by those words, and, for a term of several words, the translations compared
 * whole. A search past any is refused rather than answered with an inexact count (PRODUCT.md section 13: counts
 * stay exact).
 *
 * With the bench's 10,000 releases each bound costs a few milliseconds of PostgreSQL at most (a translation
 * found by its words is an index entry and a row; one compared is a whole text, some fifteen times dearer);
 * a term that common (in more than one text in eight) says little anyway. The press, and the back office,
 * search without bound.
 */
export const publicSearchLimits: SearchLimits = { words: 200, texts: 2000, compared: 300 };

/**
 * The text search of a release table for `viewer`: bounded (publicSearchLimits) without press access, and
 * kept by `kept` when given, so a term asked again is not searched again until the releases change. A search
 * past its bounds is refused each time it is asked, kept or not.
 */
export function tableTextSearch(viewer: Viewer, kept?: KeptIds): SearchGroup {
  const limits = viewer.pressAccess ? null : publicSearchLimits;
  const find = async (db: Executor, term: string, fields: ReleaseTextField[]) => {
    const found = await releasesContaining(db, term, fields, limits);
    // Past its bounds, null: kept too, so the same term is refused again without being searched again.
    if (!found.complete) return null;
    // Each release once (a release comes once per translation that matches), in order: the list only looks
    // them up, and the same releases make the same counts' key.
    return [...new Set(found.ids)].sort((a, b) => a - b);
  };
  return releaseTextSearch(async (db, term, fields) => {
    // The term as typed: folding it is the database's (search_fold), and two spellings it folds alike are
    // simply kept twice.
    const key = JSON.stringify(['contains', releaseSightKey(viewer), fields, term]);
    const ids = await (kept ? kept(key, () => find(db, term, fields)) : find(db, term, fields));
    if (ids === null) throw new ApiError(400, { detail: 'searchTooBroad' });
    return ids;
  });
}
