import { z } from 'zod';
import { countryCodeSchema } from './countries.ts';
import { languages, mediaTypes, sectors } from './enums.ts';
import { idSchema, textSchema } from './input-fields.ts';

// The press office's mail to chosen journalists (PRODUCT.md section 13): the journalist's choice to receive
// it, the saved recipient lists, the campaigns and their aggregate figures. Shared by the forms and the server.

/** A journalist's answer to "may the press office send you its mail"; `unasked` until they answer once. */
const pressMailChoices = ['agreed', 'declined', 'unasked'] as const;

export const pressMailChoiceRequest = z.object({
  agreed: z.boolean({
    error: (issue) => (issue.input === undefined ? 'fieldRequired' : 'fieldInvalid'),
  }),
});

export const pressMailChoiceSchema = z.object({
  choice: z.enum(pressMailChoices),
  answered_at: z.string().nullable(),
});
export type PressMailChoiceView = z.infer<typeof pressMailChoiceSchema>;

const few = <Item extends z.ZodType>(item: Item, max: number) =>
  z.array(item).max(max, { error: 'tooMany' }).default([]);

/**
 * The filters of a list, all of them together (AND); an empty one filters nothing. Within one filter any of
 * its values matches (a media type among those chosen).
 */
export const recipientFiltersSchema = z.object({
  media_types: few(z.enum(mediaTypes, { error: 'fieldInvalid' }), mediaTypes.length),
  sectors: few(z.enum(sectors, { error: 'fieldInvalid' }), sectors.length),
  countries: few(countryCodeSchema, 50),
  languages: few(z.enum(languages, { error: 'fieldInvalid' }), languages.length),
  /** Part of the outlet's name (newspaper or publishing house), any case. */
  outlet: textSchema().trim().max(150, { error: 'tooLong' }).default(''),
  /** Accredited (approved) for this edition of the fair. */
  edition: idSchema.nullable().default(null),
  /** Signed up (with a place) for this event of the programme. */
  event: idSchema.nullable().default(null),
  /** Subscribed, confirmed, to this site's e-mail alerts. */
  alert_subscribers: z.boolean({ error: 'fieldInvalid' }).default(false),
});
export type RecipientFilters = z.output<typeof recipientFiltersSchema>;
export type RecipientFiltersInput = z.input<typeof recipientFiltersSchema>;

export const recipientListRequest = z.object({
  name: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(150, { error: 'tooLong' }),
  filters: recipientFiltersSchema,
});
export type RecipientListRequest = z.input<typeof recipientListRequest>;

export const recipientListSchema = z.object({
  id: z.number(),
  name: z.string(),
  filters: recipientFiltersSchema,
  /** Consenting, active, verified accounts the filters find now. */
  recipients: z.number(),
  updated_at: z.string(),
});
export type RecipientListView = z.infer<typeof recipientListSchema>;

export const recipientListsSchema = z.object({ results: z.array(recipientListSchema) });
export const recipientCountSchema = z.object({ recipients: z.number() });

/** Send as soon as the release may be read by everyone, or when it is published as scheduled. */
const campaignTimings = ['now', 'publication'] as const;
export type CampaignTiming = (typeof campaignTimings)[number];

/** Exactly one of a release and an event of the programme: said on `release`, where the form shows it. */
const releaseOrEvent = (
  value: { release?: number | null; event?: number | null },
  context: z.RefinementCtx,
) => {
  if (((value.release ?? null) === null) === ((value.event ?? null) === null)) {
    context.addIssue({ code: 'custom', path: ['release'], message: 'campaignReleaseOrEvent' });
  }
};

/** A release, or an invitation to an event of the programme (sent now: it has no publication to wait for). */
export const campaignRequest = z
  .object({
    release: idSchema.nullish(),
    event: idSchema.nullish(),
    lists: z
      .array(idSchema, { error: 'campaignListsRequired' })
      .min(1, { error: 'campaignListsRequired' })
      .max(20, { error: 'tooMany' }),
    timing: z.enum(campaignTimings, { error: 'fieldInvalid' }),
  })
  .superRefine(releaseOrEvent);
export type CampaignRequest = z.input<typeof campaignRequest>;

export const campaignTestRequest = z
  .object({ release: idSchema.nullish(), event: idSchema.nullish() })
  .superRefine(releaseOrEvent);
export type CampaignTestRequest = z.input<typeof campaignTestRequest>;

const campaignStatuses = ['scheduled', 'queued', 'refused'] as const;

/** What the press office sees of a campaign: aggregate figures only, never who opened or clicked. */
export const campaignSchema = z.object({
  id: z.number(),
  /** What it sends: a release, or an invitation to an event (the other is null). */
  release: z.object({ id: z.number(), title: z.string() }).nullable(),
  event: z.object({ id: z.number(), title: z.string(), starts_at: z.string() }).nullable(),
  lists: z.array(z.object({ id: z.number(), name: z.string() })),
  status: z.enum(campaignStatuses),
  send_at: z.string(),
  queued_at: z.string().nullable(),
  refusal: z.string().nullable(),
  figures: z.object({
    recipients: z.number(),
    sent: z.number(),
    failed: z.number(),
    /** Withdrawals of the press office's mail through this campaign's mails. */
    unsubscribed: z.number(),
    /** Reads of the release's page from this campaign's links, counted in aggregate (0 for an invitation). */
    reads: z.number(),
  }),
});
export type CampaignView = z.infer<typeof campaignSchema>;
export const campaignsSchema = z.object({ results: z.array(campaignSchema) });
