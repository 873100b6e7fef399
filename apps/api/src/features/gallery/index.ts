// What other features may use of the gallery: a gallery with its category. Who may see and who may edit a
// gallery is the access rules' (apps/api/src/access). Everything else is inside.

export { findGallery } from './repository.ts';
