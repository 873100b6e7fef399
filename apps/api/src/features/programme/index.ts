// What other features may use of the press programme: what the site's sitemap names of it. Everything else is
// inside.

export { programmeSitemapEntries } from './public-page-sitemap.ts';
