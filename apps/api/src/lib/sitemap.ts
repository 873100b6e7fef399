import { escapeHtml } from './html.ts';

export interface SitemapEntry {
  url: string;
  lastModified: Date;
  /** Every language version of the page, this one included; none for a page in one version. */
  alternates: { language: string; url: string }[];
}

/**
 * A sitemap (sitemaps.org 0.9) with each page's language versions as xhtml:link alternates, the form search
 * engines read hreflang from in a sitemap. At most 50,000 addresses, the protocol's limit.
 */
export function renderSitemap(entries: SitemapEntry[]): string {
  const urls = entries
    .slice(0, 50_000)
    .map((entry) =>
      [
        '  <url>',
        `    <loc>${escapeHtml(entry.url)}</loc>`,
        `    <lastmod>${entry.lastModified.toISOString()}</lastmod>`,
        ...entry.alternates.map(
          (alternate) =>
            `    <xhtml:link rel="alternate" hreflang="${escapeHtml(alternate.language)}" href="${escapeHtml(alternate.url)}"/>`,
        ),
        '  </url>',
      ].join('\n'),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Public pages open to crawlers; the API closed, but for the feeds that are meant to be read. */
export function renderRobots(address: string, feedPath: string): string {
  return [
    'User-agent: *',
    `Allow: ${feedPath}`,
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${address}/sitemap.xml`,
    '',
  ].join('\n');
}
