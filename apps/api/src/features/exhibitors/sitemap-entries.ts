import { languages, publicPages, releaseSlug } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { withLanguage } from '../../lib/public-page.ts';
import type { SitemapEntry } from '../../lib/sitemap.ts';
import type { Site } from '../../plugins/sites.ts';
import { exhibitorsForSitemap } from './public.ts';

/**
 * What the site's sitemap names of its exhibitors: the directory and each exhibitor's page of the current
 * edition, in every language with the others as alternates; nothing while the site has no edition.
 */
export async function exhibitorSitemapEntries(app: FastifyInstance, site: Site): Promise<SitemapEntry[]> {
  const rows = await exhibitorsForSitemap(app, site.id);
  if (rows.length === 0) return [];
  const inEveryLanguage = (pageUrl: string, lastModified: Date): SitemapEntry[] => {
    const alternates = [
      ...languages.map((language) => ({ language, url: withLanguage(pageUrl, language) })),
      { language: 'x-default', url: pageUrl },
    ];
    return languages.map((language) => ({ url: withLanguage(pageUrl, language), lastModified, alternates }));
  };
  const newest = new Date(Math.max(...rows.map((row) => row.lastModified.getTime())));
  return [
    ...inEveryLanguage(`${site.address}${publicPages.exhibitors}`, newest),
    ...rows.flatMap((row) =>
      inEveryLanguage(
        `${site.address}${publicPages.exhibitor(row.id, releaseSlug(row.name))}`,
        row.lastModified,
      ),
    ),
  ];
}
