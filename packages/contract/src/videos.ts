import { z } from 'zod';
import { type Language, languages } from './enums.ts';
import { idParamSchema, idSchema, positionSchema, textSchema, updateSchemaOf } from './input-fields.ts';

// Videos of releases and galleries: uploaded in parts to the file store, read from the file (container, codecs,
// duration, size), played with the browser's own controls and captions (WebVTT per language).

/** The bytes of every part but the last by default (the server's `VIDEO_PART_BYTES`; the upload's answer says it). */
const videoPartSize = 8 * 1024 * 1024;
/**
 * The largest video by default (the server's `VIDEO_MAX_BYTES` sets it; the site info and the upload's answer say
 * it).
 */
export const videoDefaultMaxBytes = 2 * 1024 * 1024 * 1024;
/** The largest captions file of one language. */
export const videoCaptionMaxBytes = 512_000;
/** The largest poster picture. */
export const videoPosterMaxBytes = 20 * 1024 * 1024;
/** What a video may be: each container with its video codecs, named the same in every language. */
const videoAcceptedFormats = ['MP4 (H.264)', 'WebM (VP8, VP9, AV1)'] as const;
/**
 * The accepted formats as one of them, in `language`'s words ("MP4 (H.264) or WebM (...)", "... o WebM (...)"):
 * the `accepted` of the refusals (`videoNotAccepted`, `videoUnreadable`) and the office's hint.
 */
export const videoAcceptedFormatsIn = (language: string) =>
  new Intl.ListFormat(language, { type: 'disjunction' }).format(videoAcceptedFormats);
/** What a file input should offer. */
export const videoAcceptAttribute = 'video/mp4,video/webm,.mp4,.m4v,.webm';
export const videoContentTypes = ['video/mp4', 'video/webm'] as const;
export type VideoContentType = (typeof videoContentTypes)[number];
/** What a poster file input should offer (the server checks the content). */
export const videoPosterAcceptAttribute = 'image/jpeg,image/png,image/webp';

/** Each language by its own name: the label of its captions track. */
export const captionLanguageLabels: Record<Language, string> = {
  en: 'English',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  he: 'עברית',
  ar: 'العربية',
};

/** How many parts an upload of `size` bytes has. */
export const videoPartCount = (size: number, partSize = videoPartSize) =>
  Math.max(1, Math.ceil(size / partSize));

const invalid = { error: 'fieldInvalid' } as const;

/** POST videoUploads: what is about to be sent. */
export const videoUploadCreateSchema = z.object({
  file_name: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(255, { error: 'tooLong' }),
  /** The whole file's bytes; over the server's limit answers 400 `videoTooLarge`. */
  size: z.number(invalid).int(invalid).min(1, invalid).max(Number.MAX_SAFE_INTEGER, invalid),
});

export const videoUploadSchema = z.object({
  id: z.string(),
  /** Bytes of each part but the last (the last holds the rest). */
  part_size: z.number().int(),
  /** The server's limit for one video. */
  max_size: z.number().int(),
});
export type VideoUpload = z.infer<typeof videoUploadSchema>;

export const videoUploadParamsSchema = z.object({ id: z.uuid({ error: 'fieldInvalid' }) });
export const videoUploadPartParamsSchema = z.object({
  id: z.uuid({ error: 'fieldInvalid' }),
  number: idParamSchema,
});

/** What a part's PUT answers: the bytes received so far of the whole upload. */
export const videoPartReceivedSchema = z.object({ received_size: z.number().int() });

const videoFields = {
  /** Per language, as a gallery image's caption (gallery.ts's localized text, not imported: it imports this). */
  title: z.partialRecord(z.enum(languages), textSchema().trim().max(300, { error: 'tooLong' })),
  credit: textSchema().trim().max(300, { error: 'tooLong' }),
};

/** POST videoUploadComplete: whose video it becomes (exactly one of release and gallery), and its texts. */
export const videoUploadCompleteSchema = z
  .object({
    press_release: idSchema.optional(),
    gallery: idSchema.optional(),
    title: videoFields.title.optional(),
    credit: videoFields.credit.optional(),
  })
  .refine((value) => (value.press_release === undefined) !== (value.gallery === undefined), {
    error: 'videoOwnerRequired',
    path: ['non_field_errors'],
  });
export type VideoUploadComplete = z.infer<typeof videoUploadCompleteSchema>;

/** PATCH videoAdmin: writes only the fields it names. */
export const videoUpdateSchema = updateSchemaOf(z.object({ ...videoFields, position: positionSchema }));
export type VideoUpdate = z.infer<typeof videoUpdateSchema>;

export const videoParamsSchema = z.object({ id: idParamSchema });
export const videoCaptionParamsSchema = z.object({
  id: idParamSchema,
  language: z.enum(languages, { error: 'fieldInvalid' }),
});
export const videoPosterParamsSchema = z.object({
  id: idParamSchema,
  kind: z.enum(['web', 'print'], { error: 'fieldInvalid' }),
});

/** GET videosAdmin: the videos of one release or of one gallery. */
export const videoAdminQuerySchema = z
  .object({ press_release: idParamSchema.optional(), gallery: idParamSchema.optional() })
  .refine((value) => (value.press_release === undefined) !== (value.gallery === undefined), {
    error: 'videoOwnerRequired',
    path: ['non_field_errors'],
  });

/** A poster as an `<video poster>` or `<img>` needs it: the web rendition, both renditions with widths. */
export const videoPosterSchema = z.object({
  src: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type VideoPoster = z.infer<typeof videoPosterSchema>;

const videoCaptionSchema = z.object({
  language: z.enum(languages),
  /** The language by its own name, for the `<track label>`. */
  label: z.string(),
  src: z.string(),
});
export type VideoCaption = z.infer<typeof videoCaptionSchema>;

const videoFacts = {
  id: z.number().int(),
  credit: z.string(),
  duration_ms: z.number().int(),
  /** The original's bytes. */
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.enum(videoContentTypes),
  /** As the file names them: AVC, VP8, VP9, AV1. */
  video_codec: z.string(),
  /** AAC, MPEG Audio, Opus, Vorbis; null without sound. */
  audio_codec: z.string().nullable(),
  poster: videoPosterSchema.nullable(),
  /** videoStream: plays with HTTP Range. */
  src: z.string(),
  /** videoDownload: the original as an attachment (counted). */
  download: z.string(),
};

/**
 * A video in a release's or a gallery's detail, for a reader (title in the reader's language). Its addresses
 * (src, download, poster, captions) are plain while the owner is public; for what only the press may see (an
 * embargoed release, a gallery) they carry a signature (`?site=&expires=&signature=`), as files do, because a
 * `<video>` or `<track>` cannot send the Authorization header.
 */
export const videoForReaderSchema = z.object({
  ...videoFacts,
  title: z.string(),
  captions: z.array(videoCaptionSchema),
  /** publicPages.videoEmbed while the owner is public (published, out of embargo); null otherwise. */
  embed: z.string().nullable(),
});
export type VideoForReader = z.infer<typeof videoForReaderSchema>;

/** A video as its editors see it. */
export const videoSchema = z.object({
  ...videoFacts,
  press_release: z.number().int().nullable(),
  gallery: z.number().int().nullable(),
  position: z.number().int(),
  title: z.record(z.string(), z.string()),
  file_name: z.string(),
  captions: z.array(videoCaptionSchema.extend({ size: z.number().int() })),
  created_at: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoListSchema = z.object({ results: z.array(videoSchema) });
