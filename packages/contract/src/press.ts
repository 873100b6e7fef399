import { z } from 'zod';

export const pressGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export type PressGroup = z.infer<typeof pressGroupSchema>;

export const pressReleaseYearSchema = z.object({ year: z.number().int(), count: z.number().int() });

/** A release as the public list and detail show it, already in the reader's language. */
export const pressReleaseSchema = z.object({
  id: z.number().int(),
  number: z.number().int().nullable(),
  year: z.number().int(),
  publication_date: z.string(),
  language: z.string(),
  title: z.string(),
  subtitle: z.string(),
  body: z.string(),
  groups: z.array(z.number().int()),
  embargo_until: z.string().nullable(),
});
export type PressRelease = z.infer<typeof pressReleaseSchema>;
