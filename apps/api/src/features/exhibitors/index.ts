// What other features may use of the exhibitors: what the site's sitemap names of them. Everything else is
// inside.

export { exhibitorSitemapEntries } from './sitemap-entries.ts';
