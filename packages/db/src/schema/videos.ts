import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { galleries, type ImageRenditionFacts, type LocalizedText } from './gallery.ts';
import { pressReleases } from './press-releases.ts';

/**
 * A video of a release or of a gallery (exactly one), read from its file at upload: container, codecs,
 * duration and pixels. The original is kept in the file store by checksum (`videos/`); the poster is a picture
 * with the gallery's web and print renditions (kept by the poster's checksum).
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    pressReleaseId: integer('press_release_id').references(() => pressReleases.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    videoCodec: varchar('video_codec', { length: 40 }).notNull(),
    audioCodec: varchar('audio_codec', { length: 40 }),
    durationMs: integer('duration_ms').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    titles: jsonb('titles').$type<LocalizedText>().notNull().default({}),
    credit: varchar('credit', { length: 300 }).notNull().default(''),
    posterKey: varchar('poster_key', { length: 300 }),
    posterChecksum: varchar('poster_checksum', { length: 64 }),
    posterRenditions: jsonb('poster_renditions').$type<ImageRenditionFacts>(),
    /** Who uploaded it: their videos count against their quota (null for videos from before, or whose user went). */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the picture search reads of a video: its titles in every language, credit, and the names of its
     * release's or gallery's company and that company's brands, lower case and without accents, as a
     * picture's. Written by the database's triggers only (migration video_search_text), whoever writes.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('videos_search_text_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The picture search's order, as the pictures' (gallery_images_newest_idx).
    index('videos_newest_idx').on(table.createdAt, table.id),
    index('videos_press_release_idx').on(table.pressReleaseId, table.position, table.id),
    index('videos_gallery_idx').on(table.galleryId, table.position, table.id),
    index('videos_created_by_idx').on(table.createdById),
    check('videos_one_owner', sql`(${table.pressReleaseId} is null) <> (${table.galleryId} is null)`),
  ],
);

/** A video's captions (WebVTT), one file per language. */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 5 }).notNull(),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.language] })],
);

/**
 * An upload in parts under way. Its parts are in the file store (`video-uploads/<id>/<n>`), not on one server's
 * disk, so the parts of one upload may reach different app servers. `completing_at` is set by the one request
 * that joins them; a job removes uploads left unfinished for a day.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    receivedSize: bigint('received_size', { mode: 'number' }).notNull().default(0),
    completingAt: timestamp('completing_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('video_uploads_created_at_idx').on(table.createdAt),
    index('video_uploads_created_by_idx').on(table.createdById),
  ],
);

export const videoUploadParts = pgTable(
  'video_upload_parts',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => videoUploads.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    size: integer('size').notNull(),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.partNumber] })],
);

/**
 * Videos in a journalist's basket, beside its pictures (the same basket). The site is where the video was
 * picked; it stays in the basket while its release or gallery may still be read.
 */
export const basketVideos = pgTable(
  'basket_videos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    pressGroupId: integer('press_group_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.videoId] })],
);
