// What other features may use of the gallery: a gallery with its category, and what the user's data download
// names of their basket. Who may see and who may edit a gallery is the access rules' (apps/api/src/access).
// Everything else is inside.

export { basketContents } from './basket.ts';
export { findGallery } from './repository.ts';
