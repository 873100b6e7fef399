import { z } from 'zod';
import { emailSchema } from './account.ts';
import { languages } from './enums.ts';
import { localizedTextSchema } from './gallery.ts';
import { idSchema, positionSchema, textSchema, updateSchemaOf } from './input-fields.ts';

/** One person who speaks for a site: shown under its releases (or under the releases that name them). */
export const pressContactSchema = z.object({
  id: z.number().int(),
  site: z.number().int(),
  name: z.string(),
  /** The job title per language (the reader's is picked with `pickLocalized`). */
  role: z.record(z.string(), z.string()),
  email: z.string(),
  phone: z.string(),
  languages: z.array(z.string()),
  position: z.number().int(),
  /** Null without a photo; the address changes with every new photo. */
  photo_url: z.string().nullable(),
});
export type PressContact = z.infer<typeof pressContactSchema>;

/** What a phone number may hold: digits, spaces, brackets, dots, dashes, slashes, a leading plus. */
export const phonePattern = /^\+?[0-9 ().\-/]*$/;

/**
 * What a person who speaks for the press is, wherever they speak: for a site (below) or for an exhibitor in its
 * press box (exhibitors.ts).
 */
export const contactPersonFields = {
  name: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(120, { error: 'tooLong' }),
  /** The job title per language; a PATCH naming it replaces every language's. */
  role: localizedTextSchema(160).default({}),
  email: z.union([z.literal(''), emailSchema]).default(''),
  phone: textSchema()
    .trim()
    .max(40, { error: 'tooLong' })
    .regex(phonePattern, { error: 'phoneInvalid' })
    .default(''),
  languages: z
    .array(z.enum(languages, { error: 'fieldInvalid' }))
    .max(languages.length, { error: 'fieldInvalid' })
    .default([]),
  position: positionSchema.optional(),
};

export const pressContactFieldsSchema = z.object({ site: idSchema, ...contactPersonFields });
export type PressContactFields = z.input<typeof pressContactFieldsSchema>;
export const pressContactUpdateSchema = updateSchemaOf(pressContactFieldsSchema);

/** "About <site>" in one language. */
export const siteBoilerplateSchema = z.object({
  site: z.number().int(),
  language: z.string(),
  text: z.string(),
  updated_at: z.string(),
});
export type SiteBoilerplate = z.infer<typeof siteBoilerplateSchema>;

export const boilerplateMaxLength = 3000;
export const siteBoilerplateFieldsSchema = z.object({
  text: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(boilerplateMaxLength, { error: 'tooLong' }),
});

/** Who speaks for a release, in the reader's language: its own contacts, else its site's. */
export const releaseVoicesSchema = z.object({
  contacts: z.array(pressContactSchema),
  /** True when the release names its own contacts. */
  named_by_release: z.boolean(),
  boilerplate: z.object({ language: z.string(), text: z.string() }).nullable(),
  press_office_email: z.string(),
});
export type ReleaseVoices = z.infer<typeof releaseVoicesSchema>;

/** The contacts a release names instead of its site's, in order (empty: the site's). */
export const releaseContactsSchema = z.object({
  contacts: z.array(idSchema).max(10, { error: 'tooMany' }),
});
export type ReleaseContacts = z.infer<typeof releaseContactsSchema>;
