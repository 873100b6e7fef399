import { languages, publicPages } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { withLanguage } from '../../lib/public-page.ts';
import type { SitemapEntry } from '../../lib/sitemap.ts';
import type { Site } from '../../plugins/sites.ts';
import { eventsForSitemap } from './public-page-service.ts';

/**
 * What the site's sitemap names of its press programme: the programme and each approved or cancelled event of
 * the current edition, in every language with the others as alternates; nothing while it has no event.
 */
export async function programmeSitemapEntries(app: FastifyInstance, site: Site): Promise<SitemapEntry[]> {
  const rows = await eventsForSitemap(app, site.id);
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
    ...inEveryLanguage(`${site.address}${publicPages.programme}`, newest),
    ...rows.flatMap((row) => inEveryLanguage(`${site.address}${row.path}`, row.lastModified)),
  ];
}
