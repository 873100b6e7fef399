import { z } from 'zod';
import { languageSchema } from './account.ts';
import { languages } from './enums.ts';
import { idParamSchema, idSchema, textSchema } from './input-fields.ts';
import { phonePattern } from './press-contacts.ts';

// Interview requests from accredited journalists to exhibitors (PRODUCT.md section 12).

export const interviewFormats = ['stand', 'phone', 'video'] as const;
export type InterviewFormat = (typeof interviewFormats)[number];

export const interviewStatuses = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type InterviewStatus = (typeof interviewStatuses)[number];

/** Who cancelled: the journalist who asked, or the exhibitor's side. */
const interviewSides = ['journalist', 'exhibitor'] as const;

/** An interview is booked for half an hour (its invitation, and the programme's clashes with it). */
export const interviewMinutes = 30;

/** At most this many of a journalist's requests wait or stand accepted at once, per edition. */
export const openInterviewsPerJournalist = 10;
/** At most this many new requests reach one exhibitor in a day (UTC). */
export const interviewRequestsPerExhibitorPerDay = 30;

const instantSchema = z.iso.datetime({ offset: true, error: 'fieldInvalid' });
const requiredText = (max: number) =>
  textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(max, { error: 'tooLong' });

export const interviewRequestCreateSchema = z.object({
  exhibitor: idSchema,
  topic: requiredText(200),
  language: languageSchema,
  format: z.enum(interviewFormats, { error: 'fieldInvalid' }),
  /** Two or three times the journalist could meet, each within the fair's days. */
  preferred_times: z
    .array(instantSchema, { error: 'interviewTimesCount' })
    .min(2, { error: 'interviewTimesCount' })
    .max(3, { error: 'interviewTimesCount' })
    .refine((times) => new Set(times.map((time) => Date.parse(time))).size === times.length, {
      error: 'interviewTimesRepeated',
    }),
  message: textSchema().trim().max(2000, { error: 'tooLong' }).default(''),
  /** The phone number the journalist agrees to give the exhibitor. */
  phone: requiredText(40).regex(phonePattern, { error: 'phoneInvalid' }),
  /** The consent to hand the exhibitor name, outlet, e-mail and phone; nothing is sent without it. */
  consent: z.literal(true, { error: 'interviewConsentRequired' }),
});
export type InterviewRequestCreateInput = z.input<typeof interviewRequestCreateSchema>;

export const interviewAcceptSchema = z.object({
  scheduled_at: instantSchema,
  place: requiredText(200),
});
export type InterviewAcceptInput = z.input<typeof interviewAcceptSchema>;

export const interviewDeclineSchema = z.object({ reason: requiredText(500) });
export type InterviewDeclineInput = z.input<typeof interviewDeclineSchema>;

export const interviewCancelSchema = z.object({
  reason: textSchema().trim().max(500, { error: 'tooLong' }).default(''),
});
export type InterviewCancelInput = z.input<typeof interviewCancelSchema>;

export const interviewIdParamsSchema = z.object({ id: idParamSchema });

/** A page of the exhibitor side's list: so many requests by default, never more than the maximum. */
export const interviewsPageSize = 20;
export const interviewsMaxPageSize = 100;

/**
 * The exhibitor side's list: one company's requests (staff and press office may name any), of one edition
 * and one status if asked, a page at a time (the first is 1).
 */
export const exhibitorInterviewsQuerySchema = z.object({
  company: idParamSchema.optional(),
  edition: idParamSchema.optional(),
  status: z.enum(interviewStatuses, { error: 'fieldInvalid' }).optional(),
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
    .max(interviewsMaxPageSize, { error: 'fieldInvalid' })
    .default(interviewsPageSize),
});
/** The query as the server reads it (page and page size defaulted). */
export type ExhibitorInterviewsQuery = z.output<typeof exhibitorInterviewsQuerySchema>;

export const interviewCountsQuerySchema = z.object({ edition: idParamSchema });

export const interviewRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(interviewStatuses),
  exhibitor: z.object({ id: z.number().int(), company: z.number().int(), name: z.string() }),
  /** Times are read and written in `time_zone`, the edition's (IANA), whatever the reader's. */
  edition: z.object({
    id: z.number().int(),
    name: z.string(),
    starts_on: z.string(),
    ends_on: z.string(),
    time_zone: z.string(),
  }),
  topic: z.string(),
  language: z.enum(languages),
  format: z.enum(interviewFormats),
  preferred_times: z.array(z.string()),
  message: z.string(),
  /** What the journalist agreed to share with the exhibitor. */
  journalist: z.object({ name: z.string(), outlet: z.string(), email: z.string(), phone: z.string() }),
  scheduled_at: z.string().nullable(),
  place: z.string(),
  decline_reason: z.string(),
  cancelled_by: z.enum(interviewSides).nullable(),
  cancel_reason: z.string(),
  /** Where the invitation (.ics) is, once the interview was accepted. */
  calendar_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InterviewRequest = z.infer<typeof interviewRequestSchema>;

export const interviewRequestListSchema = z.object({ data: z.array(interviewRequestSchema) });

/**
 * A page of the exhibitor side's list: `count` requests match the filters; `editions` are those the user's
 * requests belong to, whatever the filters (newest first, for choosing the counts' edition).
 */
export const interviewRequestPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(interviewRequestSchema),
  editions: z.array(z.object({ id: z.number().int(), name: z.string(), starts_on: z.string() })),
});
export type InterviewRequestPage = z.infer<typeof interviewRequestPageSchema>;

/**
 * Numbers per exhibitor (the exhibitor's name, never a journalist's, a message or contact details): what the
 * press office sees of interview requests. `accepted` counts every request once accepted, even if cancelled
 * later; `declined` and `cancelled` the requests that ended so.
 */
export const interviewCountsSchema = z.object({
  edition: z.object({ id: z.number().int(), name: z.string() }),
  exhibitors: z.array(
    z.object({
      exhibitor: z.number().int(),
      company: z.number().int(),
      name: z.string(),
      received: z.number().int(),
      accepted: z.number().int(),
      declined: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
});
export type InterviewCounts = z.infer<typeof interviewCountsSchema>;
