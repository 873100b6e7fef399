import { publicPages, releaseSlug } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { withLanguage } from '../../lib/public-page.ts';
import type { SitemapEntry } from '../../lib/sitemap.ts';
import type { Site } from '../../plugins/sites.ts';
import { publicReleasesForSitemap } from './release-detail-repository.ts';

/** Releases in a sitemap: with seven languages each, within the protocol's 50,000 addresses. */
const sitemapReleases = 7000;

/**
 * What the site's sitemap names of its releases: the list, then each public release in each of its languages
 * with the others as alternates, newest first (what the protocol's limit would cut is the oldest).
 */
export async function releaseSitemapEntries(
  app: FastifyInstance,
  site: Site,
): Promise<{ list: SitemapEntry; pages: SitemapEntry[] }> {
  const address = site.address;
  const rows = await publicReleasesForSitemap(app.db, app.clock.now(), site.id, sitemapReleases);
  const pages = rows.flatMap((row) => {
    const pageUrl = `${address}${publicPages.release(row.year, row.number, releaseSlug(row.slugTitle))}`;
    const alternates = [
      ...row.languages.map((language) => ({ language, url: withLanguage(pageUrl, language) })),
      { language: 'x-default', url: pageUrl },
    ];
    return row.languages.map((language) => ({
      url: withLanguage(pageUrl, language),
      lastModified: row.lastModified,
      alternates,
    }));
  });
  const newest = rows.reduce<Date | null>(
    (latest, row) => (latest && latest > row.lastModified ? latest : row.lastModified),
    null,
  );
  const list = {
    url: `${address}${publicPages.releases}`,
    lastModified: newest ?? app.clock.now(),
    alternates: [],
  };
  return { list, pages };
}
