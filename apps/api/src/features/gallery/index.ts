// What other features may use of the gallery: what the user's data download names of their basket. Who may
// see and who may edit a gallery is the access rules' (apps/api/src/access). Everything else is inside.

export { basketContents } from './basket.ts';
