import type { Viewer } from '../../access/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SearchGroup } from '../../lib/datatables.ts';
import { releasesContaining, releaseTextSearch, type SearchLimits } from './text-search-repository.ts';

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

/** The text search of a release table for `viewer`: bounded (publicSearchLimits) without press access. */
export function tableTextSearch(viewer: Viewer): SearchGroup {
  if (viewer.pressAccess) return releaseTextSearch();
  return releaseTextSearch(async (db, term, fields) => {
    const found = await releasesContaining(db, term, fields, publicSearchLimits);
    if (!found.complete) throw new ApiError(400, { detail: 'searchTooBroad' });
    return found.ids;
  });
}
