// What other features may use of the press releases: a picture's kept renditions, what the site's sitemap names
// of them. Who may read or edit a release is the access rules' (apps/api/src/access). Everything else is inside.

export { ensureReleaseRenditions } from './files-service.ts';
export { releaseSitemapEntries } from './sitemap-entries.ts';
