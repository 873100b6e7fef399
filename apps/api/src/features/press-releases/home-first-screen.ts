import { createHash } from 'node:crypto';
import {
  type DataTablesPage,
  type FeaturedReleases,
  type FirstScreenData,
  featuredReleasesSchema,
  homeListPageSize,
  type Language,
  type PressReleaseListItem,
  type PressReleaseYear,
  pressReleaseListItemSchema,
  pressReleaseYearSchema,
  type ReleaseCompany,
  type ReleaseCompanyOption,
  releaseCompanyOptionSchema,
} from '@pressroom/contract';
import { contentKinds } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nextVisibilityChange } from '../../access/index.ts';
import { readContentVersion } from '../../lib/content-versions.ts';
import { dataTablesPage, listResponseSchema } from '../../lib/datatables.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { FirstScreen, FirstScreenRequest } from '../../plugins/web-app.ts';
import { featuredReleaseRows } from './featured-repository.ts';
import { renderHomeFirstScreen } from './home-first-screen-page.ts';
import {
  companiesWithReleases,
  releaseSource,
  releaseYearColumns,
  releaseYearsSource,
} from './list-repository.ts';
import { presentCompany, presentListItem } from './presenter.ts';
import { releaseDefaultOrder, releaseTiebreaker, type Viewer } from './release-rows.ts';
import { releaseColumns } from './text-search-repository.ts';

/**
 * Home's first screen in index.html (decision 15): the site's first page of releases, its years and its
 * companies as an anonymous reader sees them in the page's language, as markup (home-first-screen-page.ts)
 * and as the answers the app would ask for, which it then shows without asking.
 */

/** The query the web app's Home sends for its list (features/press-releases/api/public-list.ts), first page. */
function homeListParams(siteId: number): URLSearchParams {
  const params = new URLSearchParams({
    format: 'datatables',
    draw: '1',
    start: '0',
    length: String(homeListPageSize),
  });
  ['publication_date', 'number', 'title'].forEach((column, index) => {
    params.set(`columns[${index}][data]`, column);
    params.set(`columns[${index}][name]`, column);
    params.set(`columns[${index}][searchable]`, 'true');
    params.set(`columns[${index}][orderable]`, 'true');
  });
  params.set('order[0][column]', '0');
  params.set('order[0][dir]', 'desc');
  params.set('group', String(siteId));
  return params;
}

const releaseListSchema = listResponseSchema(pressReleaseListItemSchema);
const yearListSchema = listResponseSchema(pressReleaseYearSchema);
const companyListSchema = z.object({ results: z.array(releaseCompanyOptionSchema) });

/** The answers, encoded as the list routes' serializers encode them. */
async function firstScreenAnswers(
  app: FastifyInstance,
  siteId: number,
  language: Language,
  viewer: Viewer,
): Promise<FirstScreenData> {
  const list = await dataTablesPage(app.db, homeListParams(siteId), {
    columns: releaseColumns(),
    defaultOrder: releaseDefaultOrder,
    tiebreaker: releaseTiebreaker,
    source: releaseSource(app.db, viewer, { group: siteId }, language),
  });
  const years = await dataTablesPage(app.db, new URLSearchParams({ format: 'datatables' }), {
    columns: releaseYearColumns,
    defaultOrder: [sql`"years"."year" desc`],
    tiebreaker: [],
    pageSize: 1000,
    source: releaseYearsSource(app.db, viewer, { group: siteId }),
  });
  const companies = (await companiesWithReleases(app.db, viewer, siteId)).map((company) => ({
    ...(presentCompany(company) as ReleaseCompany),
    count: company.count,
  }));
  const featured = await featuredReleaseRows(app.db, viewer, siteId, language);
  return {
    site: siteId,
    language,
    featured: z.encode(featuredReleasesSchema, {
      results: featured.map(presentListItem),
    }) as FeaturedReleases,
    releases: z.encode(releaseListSchema, {
      ...list,
      data: list.data.map(presentListItem),
    }) as DataTablesPage<PressReleaseListItem>,
    years: z.encode(yearListSchema, years) as DataTablesPage<PressReleaseYear>,
    companies: z.encode(companyListSchema, { results: companies }) as { results: ReleaseCompanyOption[] },
  };
}

/** First screens kept per site, address and language; a few per site. */
const maxKeptScreens = 200;

/**
 * Serves Home's first screen in index.html (the web-app plugin's renderer). Kept as decision 5 keeps the
 * public answers: while the releases' content version is unchanged and until the next embargo ends (or the
 * year, which its footer shows); the markup and answers are the same for every anonymous reader of a site in a
 * language.
 */
export function serveHomeFirstScreen(app: FastifyInstance) {
  const cache = new VersionedCache<FirstScreen>(maxKeptScreens);
  app.webApp.serveFirstScreen(async ({ site, language, words }: FirstScreenRequest) => {
    const now = app.clock.now();
    const viewer: Viewer = { pressAccess: false, now };
    const version = await readContentVersion(app.db, contentKinds.pressReleases);
    return cache.get(`${site.id} ${site.address} ${language}`, version, now, async () => {
      const data = await firstScreenAnswers(app, site.id, language, viewer);
      const html = renderHomeFirstScreen(data, words, { siteName: site.name, year: now.getUTCFullYear() });
      const json = JSON.stringify(data);
      // From the content itself: every server gives the same page the same ETag.
      const tag = createHash('sha256').update(html).update(json).digest('base64url');
      const value = { html, json, tag };
      // The footer's year changes on new year's day too.
      const nextYear = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1));
      const embargoEnds = await nextVisibilityChange(app.db, now);
      return { value, validUntil: embargoEnds && embargoEnds < nextYear ? embargoEnds : nextYear };
    });
  });
}
