// What other features may use of the press releases: who may read a release, who may edit one, what a signed
// link to its files still serves, a picture's kept renditions, what the site's sitemap names of them.
// Everything else is inside.

export { canEdit as canEditRelease, editorOf } from './editing-service.ts';
export { type LinkedRelease, linkServes as releaseLinkServes, releaseLinkScope } from './file-links.ts';
export { ensureReleaseRenditions } from './files-service.ts';
export { viewerOf } from './public-routes.ts';
export { type Viewer, visibleTo } from './repository.ts';
export { releaseSitemapEntries } from './sitemap-entries.ts';
