// What other features may use of the press releases: who may read a release. Everything else is inside.

export { viewerOf } from './public-routes.ts';
export { type Viewer, visibleTo } from './repository.ts';
