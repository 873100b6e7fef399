// What other features may use of the press releases: who may read a release, a picture's kept renditions,
// what the site's sitemap names of them.
// Everything else is inside.

export { ensureReleaseRenditions } from './files-service.ts';
export { viewerOf } from './public-routes.ts';
export { type Viewer, visibleTo } from './repository.ts';
export { releaseSitemapEntries } from './sitemap-entries.ts';
