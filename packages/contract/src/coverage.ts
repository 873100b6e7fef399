import { z } from 'zod';
import { requiredCountrySchema } from './countries.ts';
import { mediaTypes } from './enums.ts';
import { idParamSchema, idSchema, maxInteger, textSchema } from './input-fields.ts';

// Coverage: published pieces about the fair, reported by journalists and the press office, approved by the
// office before they are shown (PRODUCT.md section 12).

export const coverageStatuses = ['pending', 'approved', 'rejected'] as const;
export type CoverageStatus = (typeof coverageStatuses)[number];

export const coverageLimits = {
  url: 2000,
  title: 300,
  outlet: 150,
  reason: 500,
  releases: 20,
  exhibitors: 50,
} as const;

/** A clipping: one PDF, JPEG or PNG file of at most this size (checked by its content, not its name). */
export const clippingMaxBytes = 10 * 1024 * 1024;

/** Query parameters that only say where a reader came from: dropped, so the same piece is one piece. */
const trackingParameter = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)$/i;

/**
 * A reported address, normalised conservatively so that the same piece is recognised however it was copied:
 * http or https only, no user or password; scheme and host in lower case (the URL parser's own), the default
 * port and the fragment dropped, tracking parameters (`utm_*`, `fbclid`, `gclid`, `mc_cid`, `mc_eid`) dropped
 * and the others kept in their order, one trailing slash of a path other than `/` dropped. The path's case is
 * kept: servers may tell `/Tiles` from `/tiles`. `key` is the address without its scheme: the same piece at
 * http and https is one piece. Null for text that is not such an address.
 */
export function normaliseCoverageUrl(text: string): { url: string; key: string } | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || !parsed.hostname.includes('.')) return null;
  parsed.hash = '';
  for (const name of [...parsed.searchParams.keys()]) {
    if (trackingParameter.test(name)) parsed.searchParams.delete(name);
  }
  if (parsed.pathname.length > 1 && parsed.pathname.endsWith('/')) {
    parsed.pathname = parsed.pathname.slice(0, -1);
  }
  const url = parsed.searchParams.size === 0 ? parsed.href.replace(/\?$/, '') : parsed.href;
  return { url, key: url.replace(/^https?:\/\//, '') };
}

const requiredText = (max: number) =>
  textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(max, { error: 'tooLong' });

/** The address as given: the normalised form is what is kept and compared. */
const coverageUrlSchema = textSchema({ error: 'fieldRequired' })
  .trim()
  .min(1, { error: 'fieldRequired' })
  .max(coverageLimits.url, { error: 'tooLong' })
  .refine((value) => normaliseCoverageUrl(value) !== null, { error: 'coverageUrlInvalid' });

/** Whether a code names a language (ISO 639-1) that Intl knows; text that is no code at all is not one. */
export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2}$/.test(code)) return false;
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code) !== undefined;
  } catch {
    return false;
  }
}

/** A language of the piece: an ISO 639-1 code (a piece may be in a language the press room is not). */
const articleLanguageSchema = textSchema({ error: 'fieldRequired' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, { error: 'coverageLanguageInvalid' })
  .refine(isLanguageCode, { error: 'coverageLanguageInvalid' });

export const coverageCreateSchema = z.object({
  url: coverageUrlSchema,
  title: requiredText(coverageLimits.title),
  outlet: requiredText(coverageLimits.outlet),
  // An empty date field is one left out, not one mistyped.
  published_on: z.iso.date({ error: (issue) => (issue.input === '' ? 'fieldRequired' : 'fieldInvalid') }),
  language: articleLanguageSchema,
  country: requiredCountrySchema,
  media_type: z.enum(mediaTypes, { error: 'fieldRequired' }),
  /** Circulation or monthly readers, when known. */
  reach: z
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(0, { error: 'fieldInvalid' })
    .max(maxInteger, { error: 'fieldInvalid' })
    .nullable()
    .default(null),
  /** What the piece covers: the edition, its releases, its exhibitors. */
  edition: idSchema.nullable().default(null),
  releases: z
    .array(idSchema, { error: 'fieldInvalid' })
    .max(coverageLimits.releases, { error: 'tooMany' })
    .default([]),
  exhibitors: z
    .array(idSchema, { error: 'fieldInvalid' })
    .max(coverageLimits.exhibitors, { error: 'tooMany' })
    .default([]),
  /** The journalist's consent to show their name beside the piece in public. */
  show_name: z.boolean({ error: 'fieldInvalid' }).default(false),
});
export type CoverageCreateInput = z.input<typeof coverageCreateSchema>;
export type CoverageCreate = z.output<typeof coverageCreateSchema>;

export const coverageRejectSchema = z.object({ reason: requiredText(coverageLimits.reason) });

export const coverageIdParamsSchema = z.object({ id: idParamSchema });

export const coveragePageSize = 20;
const coverageMaxPageSize = 100;

const pageFields = {
  page: z.coerce
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(1, { error: 'fieldInvalid' })
    .max(100_000, { error: 'fieldInvalid' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .min(1, { error: 'fieldInvalid' })
    .max(coverageMaxPageSize, { error: 'fieldInvalid' })
    .default(coveragePageSize),
};

/** The public list's filters: approved coverage of the request's site, newest piece first. */
export const publicCoverageQuerySchema = z.object({
  edition: idParamSchema.optional(),
  exhibitor: idParamSchema.optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'countryUnknown' })
    .optional(),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: 'coverageLanguageInvalid' })
    .optional(),
  media_type: z.enum(mediaTypes, { error: 'fieldInvalid' }).optional(),
  ...pageFields,
});
export type PublicCoverageQuery = z.output<typeof publicCoverageQuerySchema>;

/** The press office's queue: the site's coverage of one status (by default what waits), oldest report first. */
export const coverageQueueQuerySchema = z.object({
  status: z.enum(coverageStatuses, { error: 'fieldInvalid' }).default('pending'),
  ...pageFields,
});
export type CoverageQueueQuery = z.output<typeof coverageQueueQuerySchema>;

/** What anyone may read of an approved piece (copyright: never the clipping; the name only with consent). */
const publicCoverageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  outlet: z.string(),
  published_on: z.string(),
  language: z.string(),
  country: z.string(),
  journalist: z.string().nullable(),
});
export type PublicCoverage = z.infer<typeof publicCoverageSchema>;

export const publicCoveragePageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(publicCoverageSchema),
});
export type PublicCoveragePage = z.infer<typeof publicCoveragePageSchema>;

export const publicCoverageListSchema = z.object({ data: z.array(publicCoverageSchema) });

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** At most this many editions and exhibitors in the filters' choices. */
export const coverageFilterLimits = { editions: 50, exhibitors: 500 } as const;

/**
 * What the public list's filters and the report form offer: the site's editions (newest first), and the
 * exhibitors (by name), countries, languages and media types of the site's approved coverage.
 */
export const publicCoverageFiltersSchema = z.object({
  editions: z.array(namedSchema),
  exhibitors: z.array(namedSchema),
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  media_types: z.array(z.enum(mediaTypes)),
});
export type PublicCoverageFilters = z.infer<typeof publicCoverageFiltersSchema>;

const coverageClippingSchema = z.object({
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});

/** A piece as its reporter and the press office read it. */
export const coverageSchema = z.object({
  id: z.number().int(),
  status: z.enum(coverageStatuses),
  url: z.string(),
  title: z.string(),
  outlet: z.string(),
  published_on: z.string(),
  language: z.string(),
  country: z.string(),
  media_type: z.enum(mediaTypes),
  reach: z.number().int().nullable(),
  edition: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  releases: z.array(z.object({ id: z.number().int(), title: z.string() })),
  exhibitors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  show_name: z.boolean(),
  /** Who reported it: a journalist (null once their account is gone) or the press office. */
  reporter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reported_by_office: z.boolean(),
  clipping: coverageClippingSchema.nullable(),
  reject_reason: z.string(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type Coverage = z.infer<typeof coverageSchema>;

export const coverageListSchema = z.object({ data: z.array(coverageSchema) });

export const coveragePageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(coverageSchema),
});
export type CoveragePage = z.infer<typeof coveragePageSchema>;
