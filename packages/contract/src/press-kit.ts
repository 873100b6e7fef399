import { z } from 'zod';
import { languages } from './enums.ts';
import { idParamSchema, positionParamSchema, textSchema, updateSchemaOf } from './input-fields.ts';

export const pressKitDocumentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  position: z.number().int(),
  groups: z.array(z.number().int()),
  file_name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string(),
});
export type PressKitDocument = z.infer<typeof pressKitDocumentSchema>;

export const pressKitSchema = z.object({
  /** The language the documents are in (the reader's, or the fallback when the kit has none in it). */
  language: z.string(),
  documents: z.array(pressKitDocumentSchema),
  total_size: z.number().int(),
  zip_url: z.string().nullable(),
});

export const pressKitFieldsSchema = z.object({
  title: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(300, { error: 'tooLong' }),
  description: textSchema().trim().max(2000, { error: 'tooLong' }).default(''),
  language: z.enum(languages, { error: 'fieldInvalid' }),
  position: positionParamSchema.optional(),
  groups: z.array(idParamSchema).optional(),
});
export const pressKitUpdateSchema = updateSchemaOf(pressKitFieldsSchema);
