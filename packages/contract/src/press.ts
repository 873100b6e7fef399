import { z } from 'zod';
import { languages, pressReleaseStatuses } from './enums.ts';
import { imageRenditionsSchema } from './gallery.ts';
import { idParamSchema, idSchema, positionSchema, textSchema, updateSchemaOf } from './input-fields.ts';
import { videoForReaderSchema } from './videos.ts';

export const pressGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export type PressGroup = z.infer<typeof pressGroupSchema>;

export const pressReleaseYearSchema = z.object({ year: z.number().int(), count: z.number().int() });
export type PressReleaseYear = z.infer<typeof pressReleaseYearSchema>;

const pressReleaseFileKinds = ['attachment', 'image'] as const;
export type PressReleaseFileKind = (typeof pressReleaseFileKinds)[number];

/** An attachment or image of a release; `url` is served under the same visibility rules as the release. */
export const pressReleaseFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(pressReleaseFileKinds),
  /** null: the file belongs to every language of the release. */
  language: z.string().nullable(),
  title: z.string(),
  /** Whom to credit for a picture (filled from the file's IPTC/XMP/EXIF at upload); null when none is known. */
  credit: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
  /** A small WebP preview of an image; null for attachments. */
  thumbnail_url: z.string().nullable(),
  /** An image's sRGB JPEG renditions for the web (1600 px long side) and print (3000 px, or the original). */
  web_url: z.string().nullable(),
  print_url: z.string().nullable(),
  /** An image's sizes (original, web, print), pixels and bytes; null for attachments and until made. */
  renditions: imageRenditionsSchema,
});
export type PressReleaseFile = z.infer<typeof pressReleaseFileSchema>;

/** The member company a release is about, as the public sees it (its public name and site, its brands). */
const releaseCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string(),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReleaseCompany = z.infer<typeof releaseCompanySchema>;

/** A company with releases the caller may read (a filter of Home's list), with how many. */
export const releaseCompanyOptionSchema = releaseCompanySchema.extend({ count: z.number().int() });
export type ReleaseCompanyOption = z.infer<typeof releaseCompanyOptionSchema>;

/**
 * The picture that stands for a release (the one its editors chose, else its first), with what a `srcset`
 * needs: the small preview and the web rendition with their widths, and its size for the box it is shown in.
 */
const releaseCoverSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  credit: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnail_url: z.string().nullable(),
  web_url: z.string(),
  renditions: imageRenditionsSchema,
  /** The cover's own renditions (coverRenditionsOf), narrowest first, each in WebP and in JPEG. */
  sources: z.array(z.object({ width: z.number().int(), webp_url: z.string(), jpeg_url: z.string() })),
});
export type ReleaseCover = z.infer<typeof releaseCoverSchema>;

/**
 * The widths a release picture is made at for covers, in WebP and in JPEG (for browsers without WebP): a
 * card or a phone's featured cover, a tablet's or a dense phone's, a desktop's dense screen.
 */
export const coverRenditionWidths = [480, 960, 1440] as const;
export type CoverRenditionWidth = (typeof coverRenditionWidths)[number];
export const coverRenditionFormats = ['webp', 'jpeg'] as const;
export type CoverRenditionFormat = (typeof coverRenditionFormats)[number];

/**
 * The cover renditions of a picture `width` px wide, with the width each really has: every step narrower than
 * the picture, then the next one made at the picture's own width (never enlarged); all steps when the
 * width is unknown.
 */
export function coverRenditionsOf(width: number | null): { step: CoverRenditionWidth; width: number }[] {
  const made: { step: CoverRenditionWidth; width: number }[] = [];
  for (const step of coverRenditionWidths) {
    made.push({ step, width: width ? Math.min(step, width) : step });
    if (width && step >= width) break;
  }
  return made;
}

/** The width of a release picture's WebP preview (narrower pictures keep their own width). */
export const releaseThumbnailWidth = 480;

/** The web rendition's long side (a picture smaller than it is not enlarged). */
const webLongSide = 1600;

/**
 * What a `<picture>` of a cover needs, the same in the web app and the server-written pages: its renditions
 * with their widths, in WebP for the `<source>` and in JPEG for the `<img>` (whose `src` is the narrowest), so
 * the browser takes the smallest file that fills the box's `sizes` on its screen. Without them (a cover as
 * kept before they existed), the preview and the web rendition.
 */
export function coverImageSources(cover: ReleaseCover): {
  src: string;
  srcSet: string;
  /** The same widths in WebP, for a `<source type="image/webp">`; null without cover renditions. */
  webpSrcSet: string | null;
} {
  if (cover.sources.length > 0) {
    const set = (url: 'webp_url' | 'jpeg_url') =>
      cover.sources.map((source) => `${source[url]} ${source.width}w`).join(', ');
    return { src: cover.sources[0].jpeg_url, srcSet: set('jpeg_url'), webpSrcSet: set('webp_url') };
  }
  return { ...previewAndWebSources(cover), webpSrcSet: null };
}

function previewAndWebSources(cover: ReleaseCover): { src: string; srcSet: string } {
  const { width, height } = cover;
  const webWidth =
    cover.renditions?.web.width ??
    (width && height ? Math.round(width * Math.min(1, webLongSide / Math.max(width, height))) : webLongSide);
  if (!cover.thumbnail_url) return { src: cover.web_url, srcSet: `${cover.web_url} ${webWidth}w` };
  const thumbnailWidth = Math.min(releaseThumbnailWidth, webWidth);
  return {
    src: cover.thumbnail_url,
    srcSet:
      thumbnailWidth < webWidth
        ? `${cover.thumbnail_url} ${thumbnailWidth}w, ${cover.web_url} ${webWidth}w`
        : `${cover.thumbnail_url} ${thumbnailWidth}w`,
  };
}

/** The `sizes` of a cover on Home's list and under a release (a box at the card's end) and of a featured release's large cover. */
export const coverSizes = {
  list: '(min-width: 600px) 160px, 96px',
  related: '96px',
  featured: '(min-width: 1200px) 560px, (min-width: 600px) 50vw, 100vw',
} as const;

/** Releases a site may feature at the top of its Home at once (the database holds them in slots 1 to this). */
export const maxFeaturedReleases = 3;

const pressReleaseFields = {
  id: z.number().int(),
  number: z.number().int().nullable(),
  year: z.number().int(),
  publication_date: z.string().describe('YYYY-MM-DD'),
  /** The language the text is in: the requested one, else English, else Italian, else any. */
  language: z.string(),
  /** Every language the release is written in. */
  languages: z.array(z.string()),
  title: z.string(),
  subtitle: z.string(),
  groups: z.array(z.number().int()),
  company_id: z.number().int().nullable(),
  company: releaseCompanySchema.nullable(),
  /** ISO time; set while the release is under embargo (only press users see it then). */
  embargo_until: z.string().nullable(),
  embargoed: z.boolean(),
  /**
   * The release's public page (publicPages.release), on the site's address; null before it has a number. It
   * answers once the release is public (not under embargo).
   */
  page_path: z.string().nullable(),
  /**
   * The release's cover; null without pictures. Lists leave it out while the release is under embargo: its
   * files are served by signed, expiring links then, which a kept list must not hold (the detail signs them).
   */
  cover: releaseCoverSchema.nullable(),
};

/** A row of the public list: no body, a plain-text excerpt instead. */
export const pressReleaseListItemSchema = z.object({ ...pressReleaseFields, excerpt: z.string() });
export type PressReleaseListItem = z.infer<typeof pressReleaseListItemSchema>;

/** A release as the public detail shows it, already in the reader's language. */
export const pressReleaseSchema = z.object({
  ...pressReleaseFields,
  /** Sanitised HTML. */
  body: z.string(),
  attachments: z.array(pressReleaseFileSchema),
  images: z.array(pressReleaseFileSchema),
  /** The release's videos in order, under the release's own visibility. */
  videos: z.array(videoForReaderSchema),
});
export type PressRelease = z.infer<typeof pressReleaseSchema>;

// --- Editing (back office) ---------------------------------------------------------------------------------

const pressReleaseTranslationInputSchema = z.object({
  language: z.enum(languages, { error: 'fieldInvalid' }),
  title: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(300, { error: 'tooLong' }),
  subtitle: textSchema().trim().max(500, { error: 'tooLong' }).default(''),
  /** Rich text; the server keeps only safe markup. */
  body: textSchema().max(200_000, { error: 'tooLong' }).default(''),
});

export const pressReleaseInputSchema = z.object({
  publication_date: z.iso.date({ error: 'fieldInvalid' }),
  groups: z.array(idSchema, { error: 'fieldRequired' }).min(1, { error: 'fieldRequired' }),
  /** Ignored for company agents and company administrators: their own company is used. */
  company_id: idSchema.nullable().default(null),
  embargo_until: z.iso.datetime({ offset: true, error: 'fieldInvalid' }).nullable().default(null),
  translations: z
    .array(pressReleaseTranslationInputSchema, { error: 'translationRequired' })
    .min(1, { error: 'translationRequired' }),
});
export type PressReleaseInput = z.input<typeof pressReleaseInputSchema>;

export const pressReleaseUpdateSchema = updateSchemaOf(pressReleaseInputSchema).extend({
  /** One of the release's pictures to stand for it on lists, pages and feeds; null: its first picture. */
  cover_file_id: idSchema.nullable().optional(),
});

/** A site's featured releases as its Home shows them on top (newest first, at most maxFeaturedReleases). */
export const featuredReleasesSchema = z.object({ results: z.array(pressReleaseListItemSchema) });
export type FeaturedReleases = z.infer<typeof featuredReleasesSchema>;

/** The companies an editor may give a release: by name (`search`) or by id (`id`, to name the current one). */
export const pressReleaseCompanyQuerySchema = z.object({
  search: textSchema().max(100, { error: 'tooLong' }).optional(),
  id: idParamSchema.optional(),
});
const pressReleaseCompanySchema = z.object({ id: z.number().int(), name: z.string() });
export type PressReleaseCompany = z.infer<typeof pressReleaseCompanySchema>;
export const pressReleaseCompanyListSchema = z.object({ results: z.array(pressReleaseCompanySchema) });

export const pressReleaseStatusChangeSchema = z.object({
  status: z.enum(pressReleaseStatuses, { error: 'fieldInvalid' }),
  /** On first publication: false publishes without mailing the subscribers (default: they are mailed). */
  notify: z.boolean({ error: 'fieldInvalid' }).optional(),
  /**
   * With `published`: the instant (ISO, still to come) the release comes out; nobody outside the back office
   * sees it before, and its alerts leave then. Taking a scheduled release back to draft cancels it.
   */
  publish_at: z.iso.datetime({ offset: true, error: 'fieldInvalid' }).optional(),
});

/** What an editor may change of a release's file; a PATCH sends any of them (`pressReleaseFileUpdateSchema`). */
export const pressReleaseFileFieldsSchema = z.object({
  title: textSchema().trim().max(300, { error: 'tooLong' }),
  /** Empty: no credit. */
  credit: textSchema().trim().max(300, { error: 'tooLong' }).nullable(),
  language: z.enum(languages, { error: 'fieldInvalid' }).nullable(),
  position: positionSchema,
});

export const pressReleaseFileUpdateSchema = updateSchemaOf(pressReleaseFileFieldsSchema);
export type PressReleaseFileUpdate = z.input<typeof pressReleaseFileUpdateSchema>;

/** A release as its editors see it: every translation, status and files. */
export const pressReleaseEditSchema = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  year: z.number().int(),
  publication_date: z.string(),
  status: z.enum(pressReleaseStatuses),
  groups: z.array(z.number().int()),
  company_id: z.number().int().nullable(),
  embargo_until: z.string().nullable(),
  /**
   * When the embargo in effect ends: the later of its own and the starts of the events holding it till they
   * begin (decision 24); null: neither. What the previews panel follows.
   */
  embargo_end: z.string().nullable(),
  /** ISO time a published release comes out (null: at publication); `scheduled` while it is to come. */
  publish_at: z.string().nullable(),
  scheduled: z.boolean(),
  /** The picture chosen as cover (null: the first picture stands for it). */
  cover_file_id: z.number().int().nullable(),
  /** The sites (press groups) whose Home features the release at its top (the press office chooses). */
  featured_groups: z.array(z.number().int()),
  /** The IANA zone a publication time is entered and shown in: the fair's, of the site's current edition. */
  time_zone: z.string(),
  created_by: z.number().int().nullable(),
  submitted_at: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  translations: z.array(
    z.object({ language: z.string(), title: z.string(), subtitle: z.string(), body: z.string() }),
  ),
  attachments: z.array(pressReleaseFileSchema),
  images: z.array(pressReleaseFileSchema),
});
export type PressReleaseEdit = z.infer<typeof pressReleaseEditSchema>;

/** A row of the back-office list. */
export const pressReleaseEditListItemSchema = pressReleaseEditSchema
  .omit({
    embargo_end: true,
    translations: true,
    attachments: true,
    images: true,
    cover_file_id: true,
    featured_groups: true,
    time_zone: true,
  })
  .extend({ title: z.string(), language: z.string() });
export type PressReleaseEditListItem = z.infer<typeof pressReleaseEditListItemSchema>;
