// Who may see and who may edit a release, a gallery, a picture or a video: one rule, below every feature that
// names or shows such material (PRODUCT.md section 13). A feature asks here and never writes the rule again:
// as a predicate over rows it has read, or as SQL conditions over a table as its query names it.

export * from './galleries.ts';
export * from './mailing.ts';
export * from './previews.ts';
export * from './reader.ts';
export * from './releases.ts';
export * from './videos.ts';
