import { z } from 'zod';
import { websiteField } from './companies.ts';
import { countryCodeSchema } from './countries.ts';
import { sectors } from './enums.ts';
import { localizedTextSchema } from './gallery.ts';
import { idParamSchema, idSchema, textSchema, updateSchemaOf } from './input-fields.ts';
import { contactPersonFields, pressContactSchema } from './press-contacts.ts';

// Exhibitors of an edition of the fair and their press boxes (PRODUCT.md section 12).

/** An exhibitor's product category: the specification's sectors (their labels are the web app's `sector.*`). */
export const exhibitorCategories = sectors;
export type ExhibitorCategory = (typeof exhibitorCategories)[number];

const place = (max: number) =>
  textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(max, { error: 'tooLong' });

const standInputSchema = z.object({ hall: place(40), stand: place(40) });

/** A stand's key: the same hall and stand whatever their case. */
export const standKey = (stand: { hall: string; stand: string }) =>
  `${stand.hall.trim().toLowerCase()}\u0000${stand.stand.trim().toLowerCase()}`;

const standsSchema = z
  .array(standInputSchema, { error: 'fieldInvalid' })
  .min(1, { error: 'exhibitorStandRequired' })
  .max(20, { error: 'tooMany' })
  .refine((stands) => new Set(stands.map(standKey)).size === stands.length, {
    error: 'exhibitorStandRepeated',
  });

const categorySchema = z.enum(exhibitorCategories, { error: 'fieldInvalid' }).nullable();

/** What the staff may change of an exhibitor. */
const exhibitorEditableFields = {
  category: categorySchema.default(null),
  stands: standsSchema,
};

export const exhibitorCreateSchema = z.object({
  edition: idSchema,
  company: idSchema,
  ...exhibitorEditableFields,
});
export type ExhibitorCreateInput = z.input<typeof exhibitorCreateSchema>;

/** A PATCH writes only the fields it names (no default of the create body); stands replace the stands. */
export const exhibitorUpdateSchema = updateSchemaOf(z.object(exhibitorEditableFields));
export type ExhibitorUpdateInput = z.input<typeof exhibitorUpdateSchema>;

const standSchema = z.object({ hall: z.string(), stand: z.string() });
export type Stand = z.infer<typeof standSchema>;

export const exhibitorSchema = z.object({
  id: z.number().int(),
  edition: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string(), country: z.string() }),
  category: z.enum(exhibitorCategories).nullable(),
  stands: z.array(standSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Exhibitor = z.infer<typeof exhibitorSchema>;

/** The back office's list: one edition's exhibitors, optionally of one hall or category. */
export const exhibitorsListQuery = z.object({
  edition: idParamSchema,
  hall: textSchema().trim().max(40, { error: 'tooLong' }).optional(),
  category: z.enum(exhibitorCategories, { error: 'fieldInvalid' }).optional(),
});

// ------------------------------------------------------------------------------------------------ press box

export const pressBoxFieldsSchema = z.object({
  /** The description per language; a PATCH naming it replaces every language's. */
  description: localizedTextSchema(3000).default({}),
  website: websiteField.default(''),
});
export const pressBoxUpdateSchema = updateSchemaOf(pressBoxFieldsSchema);
export type PressBoxUpdateInput = z.input<typeof pressBoxUpdateSchema>;

export const pressBoxContactFieldsSchema = z.object(contactPersonFields);
export type PressBoxContactFields = z.input<typeof pressBoxContactFieldsSchema>;
export const pressBoxContactUpdateSchema = updateSchemaOf(pressBoxContactFieldsSchema);

/** A press box holds at most so many contacts in one order. */
export const pressBoxContactsMax = 100;

/** The press box's contacts in their new order: each of them, once. */
export const pressBoxContactOrderSchema = z.object({
  contacts: z
    .array(idSchema, { error: 'pressBoxOrderIncomplete' })
    .min(1, { error: 'pressBoxOrderIncomplete' })
    .max(pressBoxContactsMax, { error: 'pressBoxOrderIncomplete' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'pressBoxOrderIncomplete' }),
});

/** A site's press contact, answering for a company instead of a site. */
const pressBoxContactSchema = pressContactSchema.omit({ site: true }).extend({ company: z.number().int() });
export type PressBoxContact = z.infer<typeof pressBoxContactSchema>;

export const pressBoxChangeKinds = [
  'fields',
  'logo',
  'logo_removed',
  'contact_added',
  'contact_changed',
  'contact_removed',
  'contact_photo',
  'photo_removed',
  'contacts_reordered',
] as const;
export type PressBoxChangeKind = (typeof pressBoxChangeKinds)[number];

const pressBoxChangeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(pressBoxChangeKinds),
  contact: z.number().int().nullable(),
  /** The fields the change writes, as the request named them. */
  payload: z.record(z.string(), z.unknown()),
  /** The proposed logo or photo, for the approver to look at. */
  file_url: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  proposed_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  proposed_at: z.string(),
});
export type PressBoxChange = z.infer<typeof pressBoxChangeSchema>;

/** A press box as its editors see it: what is shown, and the agents' changes waiting for approval. */
export const pressBoxSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  description: z.record(z.string(), z.string()),
  website: z.string(),
  logo_url: z.string().nullable(),
  contacts: z.array(pressBoxContactSchema),
  pending: z.array(pressBoxChangeSchema),
  /** Whether the signed-in user's changes apply at once (false: they wait for approval). */
  applies_directly: z.boolean(),
  /** Whether the signed-in user may approve or reject the waiting changes. */
  may_approve: z.boolean(),
});
export type PressBox = z.infer<typeof pressBoxSchema>;

/** The answer to an agent's change: it was kept, and waits. */
export const pressBoxChangeWaitingSchema = z.object({ detail: z.string(), change: pressBoxChangeSchema });
export type PressBoxChangeWaiting = z.infer<typeof pressBoxChangeWaitingSchema>;

// ------------------------------------------------------------------------------------------------ public

const editionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The edition's IANA zone: its days and hours are read there (interview times, programme events). */
  time_zone: z.string(),
});

/** An exhibitor's press box as the site shows it, in the reader's language. */
export const publicExhibitorSchema = z.object({
  id: z.number().int(),
  edition: editionSummarySchema,
  company: z.object({ id: z.number().int(), name: z.string(), country: z.string() }),
  category: z.enum(exhibitorCategories).nullable(),
  stands: z.array(standSchema),
  logo_url: z.string().nullable(),
  /** The description in the reader's language (then English, Italian, any); all of them in `descriptions`. */
  description: z.string(),
  descriptions: z.record(z.string(), z.string()),
  website: z.string(),
  contacts: z.array(pressBoxContactSchema),
  /** The company's published releases on this site, newest first. */
  releases: z.array(z.object({ id: z.number().int(), title: z.string(), publication_date: z.string() })),
  /** The company's pictures (its own galleries and the images tagged with it): for the press area only. */
  pictures: z.array(
    z.object({
      id: z.number().int(),
      gallery_id: z.number().int(),
      caption: z.string(),
      alt_text: z.string(),
      /** A small picture to show (signed for this site, for a while). */
      thumbnail_url: z.string(),
    }),
  ),
  /** Whether the signed-in user's alerts follow the company; null when signed out. */
  following: z.boolean().nullable(),
});
export type PublicExhibitor = z.infer<typeof publicExhibitorSchema>;

const directoryMaxPageSize = 100;

const yesNo = z
  .enum(['true', 'false', '1', '0'], { error: 'fieldInvalid' })
  .transform((value) => value === 'true' || value === '1');

/** The directory of an edition's exhibitors (the site's current edition unless one is named). */
export const directoryQuery = z.object({
  edition: idParamSchema.optional(),
  search: textSchema().trim().max(100, { error: 'tooLong' }).optional(),
  hall: textSchema().trim().max(40, { error: 'tooLong' }).optional(),
  category: z.enum(exhibitorCategories, { error: 'fieldInvalid' }).optional(),
  country: countryCodeSchema.optional(),
  /** Only exhibitors with a release published during the edition. */
  news: yesNo.optional(),
  /** The A-Z index: names starting with this letter ("#" for anything else). */
  letter: z
    .string()
    .regex(/^([A-Za-z]|#)$/, { error: 'fieldInvalid' })
    .transform((value) => value.toUpperCase())
    .optional(),
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
    .max(directoryMaxPageSize, { error: 'fieldInvalid' })
    .default(24),
});

const directoryEntrySchema = z.object({
  id: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string(), country: z.string() }),
  category: z.enum(exhibitorCategories).nullable(),
  stands: z.array(standSchema),
  brands: z.array(z.string()),
  logo_url: z.string().nullable(),
  /** A release of the company was published during the edition. */
  news: z.boolean(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const directorySchema = z.object({
  edition: editionSummarySchema.nullable(),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(directoryEntrySchema),
  /** Every hall of the edition, for the hall filter. */
  halls: z.array(z.string()),
  /**
   * The A-Z index: the first letters ("#" for any other) of the names the other filters keep, whatever the
   * letter asked, so that a view's index offers only letters with exhibitors.
   */
  letters: z.array(z.string()),
});
export type Directory = z.infer<typeof directorySchema>;
