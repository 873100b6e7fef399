// What other features may use of the gallery: a gallery with its category and its hold by an event, who may
// see and who may edit it, and what a signed link to its files says of its viewer (the videos of a gallery
// follow these rules), and what the user's data download names of their basket. Everything else is inside.

export { basketContents } from './basket.ts';
export { type CategoryRow, findGallery, type GalleryRow } from './repository.ts';
export {
  canEditGallery,
  canSeeGallery,
  linkScope as galleryLinkScope,
  stillPublished,
  type Viewer as GalleryViewer,
} from './service.ts';
