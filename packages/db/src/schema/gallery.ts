import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { pressReleaseFiles } from './press-releases.ts';

/** Text in several languages, keyed by language code (en, it, fr, ...). */
export type LocalizedText = Record<string, string>;

interface RenditionFact {
  width: number;
  height: number;
  size: number;
  mime: string;
}
/** What each size of an image weighs: the original, the web JPEG and the print file. */
export type ImageRenditionFacts = { original: RenditionFact; web: RenditionFact; print: RenditionFact };

/**
 * The press gallery: a tree of categories (any depth, ordered by position among siblings), each holding
 * galleries, each holding images. Sites are press-group ids: a category shows on the sites it lists.
 */
export const galleryCategories = pgTable(
  'gallery_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => galleryCategories.id, {
      onDelete: 'restrict',
    }),
    position: integer('position').notNull().default(0),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    groupIds: integer('group_ids').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gallery_categories_parent_idx').on(table.parentId, table.position)],
);

export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => galleryCategories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    // A gallery written by a company's agent belongs to that company; null means the press office's own.
    companyId: integer('company_id'),
    // Journalists see published galleries only; company agents prepare drafts.
    status: varchar('status', { length: 12 }).notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('galleries_category_idx').on(table.categoryId, table.position)],
);

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    galleryId: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    captions: jsonb('captions').$type<LocalizedText>().notNull().default({}),
    altTexts: jsonb('alt_texts').$type<LocalizedText>().notNull().default({}),
    credit: varchar('credit', { length: 300 }).notNull().default(''),
    usageTerms: text('usage_terms').notNull().default(''),
    // The photographer's keywords (IPTC Keywords, XMP dc:subject), read at upload and editable; searched.
    keywords: text('keywords').array().notNull().default([]),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    // Relative to the uploads directory; files are stored by checksum, so a URL naming it never changes.
    storagePath: varchar('storage_path', { length: 300 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    // The web and print renditions' pixels and bytes (and the original's), once made: null until then.
    renditions: jsonb('renditions').$type<ImageRenditionFacts>(),
    /**
     * What the picture search reads: captions, keywords, credit, companies and brands, lower case and without
     * accents. Written by the database's triggers only (migration 0030_picture_search), whoever changes them.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gallery_images_gallery_idx').on(table.galleryId, table.position, table.id),
    index('gallery_images_checksum_idx').on(table.checksum),
    index('gallery_images_search_text_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The picture search's order, read backwards (newest first): a page of a common word stops once full.
    index('gallery_images_newest_idx').on(table.createdAt, table.id),
  ],
);

/**
 * A journalist's basket: images picked from any gallery, kept per user so that it follows them to the other
 * site and device. The site is where the image was picked: its visibility is checked there.
 */
export const basketItems = pgTable(
  'basket_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => galleryImages.id, { onDelete: 'cascade' }),
    pressGroupId: integer('press_group_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.imageId] })],
);

/** Pictures of releases in a journalist's basket, beside the gallery's (the same basket). */
export const basketReleaseFiles = pgTable(
  'basket_release_files',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => pressReleaseFiles.id, { onDelete: 'cascade' }),
    pressGroupId: integer('press_group_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.fileId] })],
);
