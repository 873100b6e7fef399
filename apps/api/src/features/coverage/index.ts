// What other features may use of coverage: a release's or an exhibitor's approved pieces on a site, as the
// list its server-rendered page shows under "In the press"; the sitemap's entries of the "In the press" page;
// the rule naming a piece's journalist in public (the award's winners follow it).

import { languages, publicPages } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { withLanguage } from '../../lib/public-page.ts';
import type { SitemapEntry } from '../../lib/sitemap.ts';
import type { Site } from '../../plugins/sites.ts';
import { renderCoverageItems } from './public-page.ts';
import { lastApprovedChange } from './repository.ts';

export { consentedJournalistName } from './repository.ts';

import { ofExhibitor, ofRelease } from './service.ts';

/** The list (HTML) of a release's approved coverage on the site in the reader's language, or null if none. */
export async function releaseCoverageList(
  app: FastifyInstance,
  site: Site,
  releaseId: number,
  language: string,
): Promise<string | null> {
  const rows = await ofRelease(app, site, releaseId);
  return rows.length === 0 ? null : renderCoverageItems(rows, language);
}

/** The list (HTML) of the approved coverage naming an exhibitor, newest first, or null if none. */
export async function exhibitorCoverageList(
  app: FastifyInstance,
  site: Site,
  exhibitorId: number,
  language: string,
): Promise<string | null> {
  const rows = await ofExhibitor(app, site, exhibitorId);
  return rows.length === 0 ? null : renderCoverageItems(rows, language);
}

/** What the site's sitemap names of its coverage: "In the press" in every language, once it has a piece. */
export async function coverageSitemapEntries(app: FastifyInstance, site: Site): Promise<SitemapEntry[]> {
  const lastModified = await lastApprovedChange(app.db, site.id);
  if (!lastModified) return [];
  const pageUrl = `${site.address}${publicPages.coverage}`;
  const alternates = [
    ...languages.map((language) => ({ language, url: withLanguage(pageUrl, language) })),
    { language: 'x-default', url: pageUrl },
  ];
  return languages.map((language) => ({ url: withLanguage(pageUrl, language), lastModified, alternates }));
}
