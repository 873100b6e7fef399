import { z } from 'zod';
import { idParamSchema, textSchema, updateSchemaOf } from './input-fields.ts';

export const magazineKinds = ['italian', 'international'] as const;
export type MagazineKind = (typeof magazineKinds)[number];

export const magazineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(magazineKinds),
  publisher: z.string(),
  title: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  territory: z.string().nullable(),
  groups: z.array(z.number().int()),
  cover_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  pdf_size: z.number().int().nullable(),
  link: z.string().nullable(),
});
export type Magazine = z.infer<typeof magazineSchema>;

const month = z.coerce
  .number({ error: 'fieldInvalid' })
  .int({ error: 'fieldInvalid' })
  .min(1, { error: 'fieldInvalid' })
  .max(12, { error: 'fieldInvalid' });
const year = z.coerce
  .number({ error: 'fieldInvalid' })
  .int({ error: 'fieldInvalid' })
  .min(1900, { error: 'fieldInvalid' })
  .max(2999, { error: 'fieldInvalid' });

/** Filters of the magazine screen: period (month, year) and, for international magazines, territory. */
export const magazineFiltersSchema = z.object({
  kind: z.enum(magazineKinds, { error: 'fieldInvalid' }).optional(),
  month: month.optional(),
  year: year.optional(),
  territory: textSchema().trim().max(120, { error: 'tooLong' }).optional(),
});

/** Fields of a magazine as the back office sends them (multipart fields are strings, hence coerce). */
export const magazineFieldsSchema = z.object({
  kind: z.enum(magazineKinds, { error: 'fieldInvalid' }),
  publisher: textSchema().trim().max(200, { error: 'tooLong' }).default(''),
  title: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(300, { error: 'tooLong' }),
  month,
  year,
  territory: textSchema().trim().max(120, { error: 'tooLong' }).optional(),
  link: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'urlInvalid' })]).optional(),
  groups: z.array(idParamSchema).optional(),
});
export const magazineUpdateFieldsSchema = updateSchemaOf(magazineFieldsSchema);

export const magazineFacetsSchema = z.object({
  years: z.array(z.number().int()),
  territories: z.array(z.string()),
});
