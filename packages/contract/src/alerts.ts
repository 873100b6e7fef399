import { z } from 'zod';
import { emailSchema } from './account.ts';
import { languages } from './enums.ts';
import { idSchema, updateSchemaOf } from './input-fields.ts';

/** How often a subscriber hears of new releases: a mail for each, or one a day with the day's releases. */
export const alertFrequencies = ['each', 'daily'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

const alertPreferenceFields = {
  /** Releases written in any of these languages; the mail is in the first of them the release has. */
  languages: z
    .array(z.enum(languages, { error: 'fieldInvalid' }), { error: 'alertLanguagesRequired' })
    .min(1, { error: 'alertLanguagesRequired' })
    .max(languages.length, { error: 'fieldInvalid' }),
  /** Only the releases of these member companies, or of companies carrying these brands (none: all). */
  companies: z.array(idSchema).max(50, { error: 'tooMany' }).default([]),
  brands: z.array(idSchema).max(50, { error: 'tooMany' }).default([]),
  frequency: z.enum(alertFrequencies, { error: 'fieldInvalid' }).default('each'),
  /**
   * An accredited journalist signed in may ask for releases under embargo at publication (marked as such);
   * everyone else hears of them when the embargo ends.
   */
  embargoed_early: z.boolean().default(false),
};

/** Subscribing to a site's releases by e-mail: confirmed by a mailed link unless signed in with that address. */
export const alertSubscribeSchema = z.object({
  email: emailSchema,
  ...alertPreferenceFields,
  consent: z.literal(true, { error: 'mustAccept' }),
});
export type AlertSubscribeInput = z.input<typeof alertSubscribeSchema>;

/** What a subscriber may change from the page the mailed link opens. */
export const alertPreferencesSchema = updateSchemaOf(z.object(alertPreferenceFields));
export type AlertPreferencesInput = z.input<typeof alertPreferencesSchema>;

export const alertSubscribeResultSchema = z.object({
  /** `pending` until the mailed link is followed (the same answer whether or not the address was known). */
  status: z.enum(['pending', 'active']),
});

export const alertSubscriptionSchema = z.object({
  email: z.string(),
  site: z.number().int(),
  site_name: z.string(),
  languages: z.array(z.string()),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  frequency: z.enum(alertFrequencies),
  embargoed_early: z.boolean(),
  status: z.enum(['pending', 'active', 'unsubscribed']),
  confirmed_at: z.string().nullable(),
});
export type AlertSubscription = z.infer<typeof alertSubscriptionSchema>;

/**
 * The signed-in user's subscription on the site, by their account's address (none, or unsubscribed: null),
 * with the token of its preferences page: the address is theirs, so is the page.
 */
export const myAlertSubscriptionSchema = z.object({
  subscription: alertSubscriptionSchema.extend({ manage_token: z.string() }).nullable(),
});
export type MyAlertSubscription = z.infer<typeof myAlertSubscriptionSchema>;

/** The press office's figures: subscribers per site and language, and each release's alerts. */
export const alertStatsSchema = z.object({
  sites: z.array(
    z.object({
      site: z.number().int(),
      name: z.string(),
      active: z.number().int(),
      pending: z.number().int(),
      daily: z.number().int(),
      by_language: z.array(z.object({ language: z.string(), count: z.number().int() })),
    }),
  ),
  releases: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      publication_date: z.string(),
      queued: z.number().int(),
      sent: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type AlertStats = z.infer<typeof alertStatsSchema>;

/** Alert tokens in addresses: 43 base64url characters (32 random bytes). */
export const alertTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'alertLinkInvalid' });
