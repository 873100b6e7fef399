import { z } from 'zod';
import { optionalCountrySchema } from './countries.ts';
import { idParamSchema } from './input-fields.ts';

// What was read and downloaded (decision 11): aggregate figures per day, site, language, media type and country,
// never a person.

export const readKinds = [
  'release_view',
  'image_download',
  'release_image_download',
  'release_file_download',
  'magazine_download',
  'press_kit_download',
  'zip_download',
  'video_play',
  'video_download',
] as const;
export type ReadKind = (typeof readKinds)[number];
/**
 * Reads of a release's page from a campaign's link, counted per campaign (the item is the campaign): kept out
 * of readKinds, as the same read is already a `release_view` there.
 */
export const campaignReadKind = 'campaign_read';

const isoDate = z.iso.date({ error: 'fieldInvalid' });

/** The longest period one call looks at: two years, so one answer stays small (a day a row). */
const statisticsMaxYears = 2;

/** Whether the period from `from` to `to` (ISO days) is no longer than statisticsMaxYears. */
export function statisticsPeriodFits(from: string, to: string): boolean {
  const limit = new Date(`${from}T00:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + statisticsMaxYears);
  return Date.parse(`${to}T00:00:00Z`) < limit.getTime();
}

export const statisticsQuerySchema = z
  .object({
    site: idParamSchema.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** The press office may look at one member company's figures; a company's administrators see only theirs. */
    company: idParamSchema.optional(),
    /** Only the readers of one country (an ISO 3166-1 alpha-2 code). */
    country: optionalCountrySchema.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    error: 'statisticsPeriodOrder',
    path: ['to'],
  })
  .refine((value) => !value.from || !value.to || statisticsPeriodFits(value.from, value.to), {
    error: 'statisticsPeriodTooLong',
    path: ['from'],
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const countSchema = z.number().int();

export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  site: z.number().int().nullable(),
  /** Set when the figures are one member company's releases, their files and its gallery pictures only. */
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  totals: z.record(z.string(), countSchema),
  daily: z.array(z.object({ day: z.string(), views: countSchema, downloads: countSchema })),
  top_releases: z.array(z.object({ id: z.number().int(), title: z.string(), views: countSchema })),
  top_images: z.array(
    z.object({ id: z.number().int(), name: z.string(), gallery: z.string(), downloads: countSchema }),
  ),
  by_media_type: z.array(z.object({ media_type: z.string(), count: countSchema })),
  /** Grouped by code ('' when unknown), named in the reader's language. */
  by_country: z.array(z.object({ country: z.string(), name: z.string(), count: countSchema })),
  /**
   * The press programme's events held in the period (a company's: those its exhibitors organised), with the
   * places taken, the waiting list and the journalists checked in at the door. Not split by country.
   */
  events: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      starts_at: z.string(),
      capacity: countSchema.nullable(),
      signed_up: countSchema,
      waiting: countSchema,
      attended: countSchema,
    }),
  ),
  /**
   * The approved coverage published in the period (a company's: the pieces naming its exhibitors): pieces and
   * summed reach (where known), by country, language and media type, and per day of publication.
   */
  coverage: z.object({
    pieces: countSchema,
    reach: countSchema,
    by_country: z.array(
      z.object({ country: z.string(), name: z.string(), pieces: countSchema, reach: countSchema }),
    ),
    by_language: z.array(z.object({ language: z.string(), name: z.string(), pieces: countSchema })),
    by_media_type: z.array(z.object({ media_type: z.string(), pieces: countSchema })),
    daily: z.array(z.object({ day: z.string(), pieces: countSchema })),
  }),
});
export type Statistics = z.infer<typeof statisticsSchema>;
