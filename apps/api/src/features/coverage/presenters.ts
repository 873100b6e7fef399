import {
  apiPaths,
  type Coverage,
  type CoveragePage,
  type MediaType,
  mediaTypes,
  type PublicCoverage,
  type PublicCoverageFilters,
  type PublicCoveragePage,
} from '@pressroom/contract';
import type { CoverageDetail, PublicRow } from './repository.ts';

/** A piece as its reporter and the press office read it. */
export function presentCoverage({ row, edition, releases, exhibitors, reporter }: CoverageDetail): Coverage {
  return {
    id: row.id,
    status: row.status as Coverage['status'],
    url: row.url,
    title: row.title,
    outlet: row.outlet,
    published_on: row.publishedOn,
    language: row.language,
    country: row.country,
    media_type: row.mediaType as MediaType,
    reach: row.reach,
    edition,
    releases,
    exhibitors: exhibitors.map(({ id, name }) => ({ id, name })),
    show_name: row.showName,
    reporter: reporter ? { id: reporter.id, name: reporter.name } : null,
    reported_by_office: row.reportedByOffice,
    clipping:
      row.clippingPath === null
        ? null
        : {
            file_name: row.clippingName ?? '',
            mime: row.clippingMime ?? '',
            size: row.clippingSize ?? 0,
            url: apiPaths.coverageClipping(row.id),
          },
    reject_reason: row.rejectReason,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export const presentCoverageList = (details: CoverageDetail[]) => ({ data: details.map(presentCoverage) });

export function presentCoveragePage(page: {
  count: number;
  page: number;
  pageSize: number;
  rows: CoverageDetail[];
}): CoveragePage {
  return {
    count: page.count,
    page: page.page,
    page_size: page.pageSize,
    results: page.rows.map(presentCoverage),
  };
}

/** What anyone may read of an approved piece: never its clipping, its reporter's name only with consent. */
export const presentPublicCoverage = (row: PublicRow): PublicCoverage => ({
  id: row.id,
  url: row.url,
  title: row.title,
  outlet: row.outlet,
  published_on: row.publishedOn,
  language: row.language,
  country: row.country,
  journalist: row.journalist,
});

export function presentPublicPage(page: {
  count: number;
  page: number;
  pageSize: number;
  rows: PublicRow[];
}): PublicCoveragePage {
  return {
    count: page.count,
    page: page.page,
    page_size: page.pageSize,
    results: page.rows.map(presentPublicCoverage),
  };
}

/** The filters' choices; the facets' values sorted so that the answer does not depend on the scan's order. */
export function presentPublicFilters(filters: {
  editions: { id: number; name: string }[];
  exhibitors: { id: number; name: string }[];
  countries: string[];
  languages: string[];
  mediaTypes: string[];
}): PublicCoverageFilters {
  return {
    editions: filters.editions.map(({ id, name }) => ({ id, name })),
    exhibitors: filters.exhibitors.map(({ id, name }) => ({ id, name })),
    countries: [...filters.countries].sort(),
    languages: [...filters.languages].sort(),
    media_types: (mediaTypes as readonly string[]).filter((type) =>
      filters.mediaTypes.includes(type),
    ) as MediaType[],
  };
}
