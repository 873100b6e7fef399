import type { Viewer } from '../../access/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SearchGroup } from '../../lib/datatables.ts';
import { releasesContaining, releaseTextSearch, type SearchLimits } from './repository.ts';

/**
 * What one "contains" search of release texts (a table's `search[value]`, or a column's search) may read for a
 * reader without press access, whom anyone on the Internet can be: the words of the vocabulary that contain the
 * term, and the translations that match (or, for a term of several words, that are compared). A search past
 * either is refused rather than answered with an inexact count (PRODUCT.md section 13: counts stay exact).
 *
 * Read by words, a translation costs an index entry and a row, so these bound a search to a few milliseconds
 * of the database's time whatever the term; a term that common (in more than about one text in ten of the
 * bench's 10,000 releases) says little anyway. The press, and the back office, search without bound.
 */
export const publicSearchLimits: SearchLimits = { words: 1000, texts: 2000 };

/** The text search of a release table for `viewer`: bounded (publicSearchLimits) without press access. */
export function tableTextSearch(viewer: Viewer): SearchGroup {
  if (viewer.pressAccess) return releaseTextSearch();
  return releaseTextSearch(async (db, term, fields) => {
    const found = await releasesContaining(db, term, fields, publicSearchLimits);
    if (found.words > publicSearchLimits.words || found.texts > publicSearchLimits.texts) {
      throw new ApiError(400, { detail: 'searchTooBroad' });
    }
    return found.ids;
  });
}
