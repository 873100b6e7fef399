import { z } from 'zod';
import { contentFallback, languages } from './enums.ts';
import { idParamSchema, idSchema, positionSchema, textSchema } from './input-fields.ts';
import { videoForReaderSchema, videoPosterSchema } from './videos.ts';

/** Text per language, e.g. `{en: 'Exhibitors', it: 'Espositori'}`. */
export type LocalizedText = Partial<Record<(typeof languages)[number], string>>;

const languageKey = z.enum(languages);

/** Optional text per language (captions, alt texts). */
export const localizedTextSchema = (max = 300) =>
  z.partialRecord(languageKey, textSchema().trim().max(max, { error: 'tooLong' }));

/** Text per language where at least one language must be filled (names). */
export const requiredLocalizedTextSchema = (max = 200) =>
  localizedTextSchema(max).refine((value) => Object.values(value).some((text) => text && text.length > 0), {
    error: 'fieldRequired',
  });

/** Picks the text for a reader: their language, then English, then Italian, then any (PRODUCT.md section 6). */
export function pickLocalized(
  text: LocalizedText | Record<string, string> | null | undefined,
  language: string,
) {
  if (!text) return '';
  const map = text as Record<string, string | undefined>;
  for (const candidate of [language, ...contentFallback]) {
    const value = map[candidate];
    if (value) return value;
  }
  return Object.values(map).find((value) => value) ?? '';
}

const galleryStatuses = ['draft', 'published'] as const;
export type GalleryStatus = (typeof galleryStatuses)[number];

const galleryTreeGallerySchema = z.object({
  id: z.number().int(),
  name: z.record(z.string(), z.string()),
  position: z.number().int(),
  status: z.enum(galleryStatuses),
  company_id: z.number().int().nullable(),
  image_count: z.number().int(),
});

/** A node of the gallery tree (spec section 3: id, name per language, childs, galleries). */
export interface GalleryTreeNode {
  id: number;
  name: Record<string, string>;
  position: number;
  groups: number[];
  childs: GalleryTreeNode[];
  galleries: z.infer<typeof galleryTreeGallerySchema>[];
}
export const galleryTreeNodeSchema: z.ZodType<GalleryTreeNode> = z.object({
  id: z.number().int(),
  name: z.record(z.string(), z.string()),
  position: z.number().int(),
  groups: z.array(z.number().int()),
  get childs() {
    return z.array(galleryTreeNodeSchema);
  },
  galleries: z.array(galleryTreeGallerySchema),
});

const galleryImageUrlsSchema = z.object({
  original: z.string(),
  preview: z.string(),
  thumbnail: z.string(),
  /** The sRGB JPEG renditions for the web (1600 px long side) and print (3000 px, or the original). */
  web: z.string(),
  print: z.string(),
});

/** The sizes an image is offered in, for a journalist to choose before downloading. */
export const renditionSizes = ['original', 'web', 'print'] as const;
export type RenditionSize = (typeof renditionSizes)[number];
/** The long side of each rendition, in pixels (never enlarged). */
export const renditionLongSide = { web: 1600, print: 3000 } as const;

const renditionFactsSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  mime: z.string(),
});
/** Each size's pixels and bytes; null until the renditions are made (right after upload). */
export const imageRenditionsSchema = z
  .object({ original: renditionFactsSchema, web: renditionFactsSchema, print: renditionFactsSchema })
  .nullable();

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** Companies and brands an image shows: a journalist finds a company's pictures across galleries. */
export const galleryTagsSchema = z.object({ companies: z.array(namedSchema), brands: z.array(namedSchema) });
export type GalleryTags = z.infer<typeof galleryTagsSchema>;

/** The most keywords an image keeps, and the longest one. */
export const imageKeywordLimits = { count: 50, length: 100 } as const;

export const galleryImageSchema = z.object({
  id: z.number().int(),
  gallery_id: z.number().int(),
  position: z.number().int(),
  caption: z.record(z.string(), z.string()),
  alt_text: z.record(z.string(), z.string()),
  credit: z.string(),
  usage_terms: z.string(),
  /** The photographer's keywords (IPTC Keywords, XMP dc:subject) as uploaded, or as edited since. */
  keywords: z.array(z.string()),
  original_name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  checksum: z.string(),
  urls: galleryImageUrlsSchema,
  renditions: imageRenditionsSchema,
  /** In the signed-in user's basket. */
  in_basket: z.boolean(),
  companies: z.array(namedSchema),
  brands: z.array(namedSchema),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const galleryDetailSchema = z.object({
  id: z.number().int(),
  name: z.record(z.string(), z.string()),
  category_id: z.number().int(),
  position: z.number().int(),
  status: z.enum(galleryStatuses),
  company_id: z.number().int().nullable(),
  image_count: z.number().int(),
  total_size: z.number().int(),
  /** The categories from the root down to this gallery's category. */
  path: z.array(z.object({ id: z.number().int(), name: z.record(z.string(), z.string()) })),
  download_url: z.string(),
  /** The gallery's videos in order, under the gallery's own visibility. */
  videos: z.array(videoForReaderSchema),
});
export type GalleryDetail = z.infer<typeof galleryDetailSchema>;

/** Credit and usage terms of the files in a download, grouped, to show before and inside the ZIP. */
const downloadCreditSchema = z.object({
  credit: z.string(),
  usage_terms: z.string(),
  /** The pictures under this credit (the videos are counted apart). */
  image_count: z.number().int(),
  video_count: z.number().int(),
  /** Every file under this credit: its pictures and its videos. */
  file_count: z.number().int(),
});

export const galleryDownloadRequestSchema = z
  .object({
    gallery: idSchema.optional(),
    images: z.array(idSchema).max(10_000, { error: 'tooLong' }).optional(),
    /** Videos of galleries, beside the pictures of a selection. */
    videos: z.array(idSchema).max(1000, { error: 'tooLong' }).optional(),
  })
  .refine(
    (value) => value.gallery !== undefined || (value.images?.length ?? 0) + (value.videos?.length ?? 0) > 0,
    { error: 'nothingToDownload' },
  );

export const galleryDownloadSchema = z.object({
  url: z.string(),
  file_name: z.string(),
  file_count: z.number().int(),
  total_size: z.number().int(),
  credits: z.array(downloadCreditSchema),
});
export type GalleryDownload = z.infer<typeof galleryDownloadSchema>;

export const galleryCategoryCreateSchema = z.object({
  name: requiredLocalizedTextSchema(),
  parent: idSchema.nullable().default(null),
  position: positionSchema.optional(),
  /** Sites (press groups); a child category defaults to its parent's, a root to the current site. */
  groups: z.array(idSchema).optional(),
});
export const galleryCategoryUpdateSchema = z.object({
  name: requiredLocalizedTextSchema().optional(),
  parent: idSchema.nullable().optional(),
  position: positionSchema.optional(),
  groups: z.array(idSchema).optional(),
});
export const galleryCategorySchema = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  name: z.record(z.string(), z.string()),
  position: z.number().int(),
  groups: z.array(z.number().int()),
});

export const galleryCreateSchema = z.object({
  name: requiredLocalizedTextSchema(),
  category: idSchema,
  position: positionSchema.optional(),
  status: z.enum(galleryStatuses, { error: 'fieldInvalid' }).optional(),
});
export const galleryUpdateSchema = z.object({
  name: requiredLocalizedTextSchema().optional(),
  category: idSchema.optional(),
  position: positionSchema.optional(),
  status: z.enum(galleryStatuses, { error: 'fieldInvalid' }).optional(),
});

export const galleryImageUpdateSchema = z.object({
  caption: localizedTextSchema(1000).optional(),
  alt_text: localizedTextSchema(300).optional(),
  credit: textSchema().trim().max(300, { error: 'tooLong' }).optional(),
  usage_terms: textSchema().trim().max(5000, { error: 'tooLong' }).optional(),
  /** Replaces the keywords (each kept once, whatever its case). */
  keywords: z
    .array(
      textSchema()
        .trim()
        .min(1, { error: 'fieldRequired' })
        .max(imageKeywordLimits.length, { error: 'tooLong' }),
    )
    .max(imageKeywordLimits.count, { error: 'tooMany' })
    .optional(),
  position: positionSchema.optional(),
  /** Replaces the companies the image is tagged with. */
  companies: z.array(idSchema).max(20, { error: 'tooMany' }).optional(),
  /** Replaces the brands the image is tagged with. */
  brands: z.array(idSchema).max(20, { error: 'tooMany' }).optional(),
});

export const galleryUploadResultSchema = z.object({ images: z.array(galleryImageSchema) });

// ------------------------------------------------------------------------------------------------ the basket

/** A journalist's basket: pictures of any gallery and any release, on any site, kept on the server per user. */
export const basketChangeSchema = z
  .object({
    images: z.array(idSchema).max(1000, { error: 'tooLong' }).optional(),
    /** Pictures of releases (their file ids). */
    release_images: z.array(idSchema).max(1000, { error: 'tooLong' }).optional(),
    /** Videos of releases and galleries. */
    videos: z.array(idSchema).max(1000, { error: 'tooLong' }).optional(),
  })
  .refine(
    (value) =>
      (value.images?.length ?? 0) + (value.release_images?.length ?? 0) + (value.videos?.length ?? 0) > 0,
    { error: 'fieldRequired', path: ['images'] },
  );

const basketItemKinds = ['gallery_image', 'release_image'] as const;
export type BasketItemKind = (typeof basketItemKinds)[number];

const basketItemSchema = z.object({
  kind: z.enum(basketItemKinds),
  /** The gallery image's id, or the release file's. */
  id: z.number().int(),
  /** Where it was picked: its gallery, or its release (named by its title in each language). */
  folder: z.object({ id: z.number().int(), name: z.record(z.string(), z.string()) }),
  site: z.number().int(),
  original_name: z.string(),
  caption: z.record(z.string(), z.string()),
  alt_text: z.record(z.string(), z.string()),
  credit: z.string(),
  thumbnail: z.string(),
  renditions: imageRenditionsSchema,
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  added_at: z.string(),
});
export type BasketItem = z.infer<typeof basketItemSchema>;

/** A video in the basket: always downloaded as its original, whatever size the pictures are asked in. */
const basketVideoSchema = z.object({
  id: z.number().int(),
  /** Its release (named by its title in each language) or its gallery. */
  folder: z.object({
    kind: z.enum(['gallery', 'release']),
    id: z.number().int(),
    name: z.record(z.string(), z.string()),
  }),
  site: z.number().int(),
  title: z.record(z.string(), z.string()),
  file_name: z.string(),
  credit: z.string(),
  poster: videoPosterSchema.nullable(),
  duration_ms: z.number().int(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  added_at: z.string(),
});
export type BasketVideo = z.infer<typeof basketVideoSchema>;

export const basketSchema = z.object({
  items: z.array(basketItemSchema),
  videos: z.array(basketVideoSchema),
  /** Pictures and videos. */
  count: z.number().int(),
  /** Bytes of the originals; each rendition's total is in `sizes` (videos count as their original in each). */
  total_size: z.number().int(),
  sizes: z.object({ original: z.number().int(), web: z.number().int(), print: z.number().int() }),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketDownloadRequestSchema = z.object({
  size: z.enum(renditionSizes, { error: 'fieldInvalid' }),
});

// ------------------------------------------------------------------------------------------- the picture search

/** How a picture is shaped: wider than tall, taller than wide, or as wide as tall. */
export const pictureOrientations = ['landscape', 'portrait', 'square'] as const;
export type PictureOrientation = (typeof pictureOrientations)[number];

/** What the picture search finds: gallery pictures, release pictures, and videos of either. */
export const pictureKinds = [...basketItemKinds, 'video'] as const;
export type PictureKind = (typeof pictureKinds)[number];

/** The most pictures one page of the search holds, and the deepest page it reaches. */
export const pictureSearchLimits = {
  pageSize: 48,
  defaultPageSize: 24,
  maxPage: 200,
  termLength: 100,
} as const;

const pageNumber = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(1, { error: 'fieldInvalid' })
    .max(max, { error: 'fieldInvalid' })
    .default(fallback);

/**
 * One search for every picture a journalist may see, in galleries and in releases: words of its captions,
 * keywords, credit, companies and brands (any case, any accents; every word must match), and filters.
 */
export const pictureSearchQuery = z.object({
  search: textSchema().trim().max(pictureSearchLimits.termLength, { error: 'tooLong' }).optional(),
  /** Pictures shown on this site (a press group): their gallery's category is, or their release is. */
  site: idParamSchema.optional(),
  company: idParamSchema.optional(),
  brand: idParamSchema.optional(),
  orientation: z.enum(pictureOrientations, { error: 'fieldInvalid' }).optional(),
  kind: z.enum(pictureKinds, { error: 'fieldInvalid' }).optional(),
  page: pageNumber(pictureSearchLimits.maxPage, 1),
  page_size: pageNumber(pictureSearchLimits.pageSize, pictureSearchLimits.defaultPageSize),
});
export type PictureSearchQuery = z.infer<typeof pictureSearchQuery>;

/** A picture found, shaped as the viewer shows a gallery image, with where it lives. */
const pictureSchema = galleryImageSchema
  .pick({
    id: true,
    caption: true,
    alt_text: true,
    credit: true,
    usage_terms: true,
    keywords: true,
    original_name: true,
    size: true,
    mime: true,
    width: true,
    height: true,
    urls: true,
    renditions: true,
    in_basket: true,
  })
  .extend({
    kind: z.enum(basketItemKinds),
    orientation: z.enum(pictureOrientations),
    /** Its gallery, or its release (named by its title in each language). */
    folder: z.object({ id: z.number().int(), name: z.record(z.string(), z.string()) }),
  });
export type Picture = z.infer<typeof pictureSchema>;

/** A video found (of a gallery or a release): what its card shows, and the page where it plays. */
const videoFoundSchema = z.object({
  kind: z.literal('video'),
  id: z.number().int(),
  /** In each language it has. */
  title: z.record(z.string(), z.string()),
  credit: z.string(),
  duration_ms: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  orientation: z.enum(pictureOrientations),
  /** Its poster's web rendition (null: it has none). */
  poster: z.string().nullable(),
  /** Its gallery, or its release (named by its title in each language). */
  folder: z.object({ id: z.number().int(), name: z.record(z.string(), z.string()) }),
  /** The web app's page where it plays: its release's, or its gallery's in the press gallery. */
  page: z.string(),
});
export type VideoFound = z.infer<typeof videoFoundSchema>;

/** What one result of the picture search is: a picture, or a video. */
const pictureResultSchema = z.discriminatedUnion('kind', [pictureSchema, videoFoundSchema]);
export type PictureResult = z.infer<typeof pictureResultSchema>;

export const pictureSearchSchema = z.object({
  /** How many the search finds of the kind asked (every kind: all of them). */
  count: z.number().int(),
  /** How many it finds of each kind, whatever kind is asked: what the kind filter offers. */
  counts: z.object({
    gallery_image: z.number().int(),
    release_image: z.number().int(),
    video: z.number().int(),
  }),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(pictureResultSchema),
});
export type PictureSearch = z.infer<typeof pictureSearchSchema>;
