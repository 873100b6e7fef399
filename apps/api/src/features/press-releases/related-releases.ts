import type { Language } from '@pressroom/contract';
import { type Executor, pressReleases } from '@pressroom/db';
import { notInArray } from 'drizzle-orm';
import { releaseSource } from './list-repository.ts';
import {
  type ReleaseFilters,
  type ReleaseSummaryRow,
  releaseDefaultOrder,
  releaseTiebreaker,
  type Viewer,
} from './release-rows.ts';

/** How many related releases are shown under a release. */
const relatedCount = 4;

/**
 * The words of a title worth searching for: letters and digits of four or more characters, at most eight,
 * joined with `or` for websearch_to_tsquery (any of them, stemmed; stop words fall away in the search).
 */
function relatedSearch(text: string): string {
  const words = text.match(/[\p{L}\p{N}]{4,}/gu) ?? [];
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, 8).join(' or ');
}

/**
 * Other releases of the same site to read next: the same company's newest first, then the newest that share
 * words with the title and subtitle (stemmed in each text's language). Never the release itself, and only
 * what the viewer may read.
 */
export async function relatedReleases(
  db: Executor,
  viewer: Viewer,
  release: { id: number; companyId: number | null; title: string; subtitle: string },
  site: number,
  language: Language,
): Promise<ReleaseSummaryRow[]> {
  const take = (filters: ReleaseFilters, excluded: number[], limit: number) =>
    releaseSource(db, viewer, filters, language).rows({
      where: notInArray(pressReleases.id, excluded),
      orderBy: [...releaseDefaultOrder, ...releaseTiebreaker],
      limit,
      offset: 0,
    });
  const sameCompany =
    release.companyId === null
      ? []
      : await take({ group: site, company: release.companyId }, [release.id], relatedCount);
  const search = relatedSearch(`${release.title} ${release.subtitle}`);
  if (sameCompany.length >= relatedCount || search === '') return sameCompany;
  const nearest = await take(
    { group: site, search },
    [release.id, ...sameCompany.map((row) => row.id)],
    relatedCount - sameCompany.length,
  );
  return [...sameCompany, ...nearest];
}
