import { z } from 'zod';
import { optionalCountrySchema } from './countries.ts';
import { mediaTypes } from './enums.ts';
import { idParamSchema, idSchema, textSchema, updateSchemaOf } from './input-fields.ts';
import { timeZoneSchema } from './programme.ts';

// Accreditation for an edition of the fair, with proof (decision 10). An edition belongs to one site; a journalist
// asks once per edition, the press office answers, and an approved request carries a press badge.

/** Where a request stands. `needs_information` waits for the journalist's answer to the office's question. */
export const accreditationRequestStatuses = [
  'received',
  'needs_information',
  'approved',
  'rejected',
] as const;
export type AccreditationRequestStatus = (typeof accreditationRequestStatuses)[number];

/** What proves the journalist works for the outlet. */
export const proofKinds = ['press_card', 'masthead', 'article'] as const;
export type ProofKind = (typeof proofKinds)[number];

/** A bylined article older than this does not prove current work. */
export const articleProofMaxMonths = 6;

/** Proof uploads: PDF, JPEG or PNG, checked by their content. */
export const proofMimeTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const proofMaxBytes = 10 * 1024 * 1024;
export const proofMaxFiles = 3;

const isoDate = z.iso.date({ error: 'fieldInvalid' });

/** A badge's short code as the badge prints it and the app shows it: two groups of four ("K7QM-3XPR"). */
export const formatBadgeCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

// ------------------------------------------------------------------------------------------------- editions

const editionFields = {
  name: textSchema({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(150),
  starts_on: isoDate,
  ends_on: isoDate,
  /** Without proof a request is approved as soon as it is made (the automatic mode, per edition). */
  proof_required: z.boolean({ error: 'fieldInvalid' }).default(true),
  /** Where the fair takes place (IANA); the programme's times are shown in it. Default: FAIR_TIME_ZONE. */
  time_zone: timeZoneSchema.optional(),
};

const datesInOrder = (value: { starts_on?: string; ends_on?: string }) =>
  !value.starts_on || !value.ends_on || value.starts_on <= value.ends_on;

export const editionCreateSchema = z
  .object({ site: idSchema, ...editionFields })
  .refine(datesInOrder, { error: 'editionDatesOrder', path: ['ends_on'] });
export type EditionCreateInput = z.input<typeof editionCreateSchema>;

/** A PATCH names only what changes; the order of the dates is checked against the stored ones too. */
export const editionUpdateSchema = updateSchemaOf(z.object(editionFields)).refine(datesInOrder, {
  error: 'editionDatesOrder',
  path: ['ends_on'],
});
export type EditionUpdateInput = z.input<typeof editionUpdateSchema>;

export const editionSchema = z.object({
  id: z.number().int(),
  site: z.number().int(),
  site_name: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  proof_required: z.boolean(),
  time_zone: z.string(),
  /** Requests by status, for the office's overview. */
  counts: z.record(z.string(), z.number().int()),
});
export type Edition = z.infer<typeof editionSchema>;
export const editionListSchema = z.object({ results: z.array(editionSchema) });

// ------------------------------------------------------------------------------------------------- requests

/** The request's text fields (multipart, beside the `proof` files). */
export const accreditationRequestFieldsSchema = z.object({
  edition: idParamSchema,
  media_type: z.enum(mediaTypes, { error: 'fieldRequired' }),
  outlet: textSchema({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(150),
  role: textSchema({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(100),
  proof_kind: z.enum(proofKinds, { error: 'fieldRequired' }),
  /** The bylined article's date (proof_kind `article`): not older than six months. */
  article_date: isoDate.optional(),
  message: textSchema().trim().max(2000).optional(),
});
export type AccreditationRequestFields = z.input<typeof accreditationRequestFieldsSchema>;

/** The journalist's answer to the office's question (multipart: `answer`, and optionally more `proof` files). */
export const accreditationAnswerFieldsSchema = z.object({
  answer: textSchema({ error: 'fieldRequired' }).trim().min(1, { error: 'fieldRequired' }).max(2000),
});

/** The office's decision on one or several requests. */
export const accreditationDecisionSchema = z
  .object({
    ids: z.array(idSchema).min(1, { error: 'fieldRequired' }).max(200, { error: 'tooMany' }),
    decision: z.enum(['approve', 'reject', 'ask'], { error: 'fieldInvalid' }),
    /** The reason of a rejection or the question to ask; required for both. */
    message: textSchema().trim().max(2000).default(''),
  })
  .refine((value) => value.decision === 'approve' || value.message.length > 0, {
    error: 'accreditationMessageRequired',
    path: ['message'],
  });
export type AccreditationDecisionInput = z.input<typeof accreditationDecisionSchema>;

const proofFileSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Served only to the journalist and the press office, with the sign-in token. */
  url: z.string(),
});
export type ProofFile = z.infer<typeof proofFileSchema>;

export const accreditationSchema = z.object({
  id: z.number().int(),
  edition: z.object({
    id: z.number().int(),
    name: z.string(),
    starts_on: z.string(),
    ends_on: z.string(),
    site: z.number().int(),
    site_name: z.string(),
  }),
  status: z.enum(accreditationRequestStatuses),
  /** An approved accreditation stands until the edition's last day. */
  expired: z.boolean(),
  media_type: z.enum(mediaTypes),
  outlet: z.string(),
  role: z.string(),
  proof_kind: z.enum(proofKinds),
  article_date: z.string().nullable(),
  message: z.string(),
  question: z.string(),
  answer: z.string(),
  reason: z.string(),
  proofs: z.array(proofFileSchema),
  created_at: z.string(),
  updated_at: z.string(),
  decided_at: z.string().nullable(),
  /** The press badge (PDF), while the accreditation stands. */
  badge_url: z.string().nullable(),
  /** The badge's short code, typed at the door when the QR cannot be read ("K7QM-3XPR"); while it stands. */
  badge_code: z.string().nullable(),
  /**
   * What the badge's QR code says (the gate's check page for this badge), for the app to draw the QR on screen
   * and keep it readable offline: in the holder's own answers only, while the accreditation stands.
   */
  badge_check_url: z.string().nullable(),
});
export type Accreditation = z.infer<typeof accreditationSchema>;

/** The profile's view: the site's open editions, the user's requests, and what a new request starts from. */
export const myAccreditationSchema = z.object({
  editions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      starts_on: z.string(),
      ends_on: z.string(),
      proof_required: z.boolean(),
    }),
  ),
  requests: z.array(accreditationSchema),
  /** Last request's data (renewal), else the profile's press data. */
  prefill: z.object({
    media_type: z.enum(mediaTypes).nullable(),
    outlet: z.string(),
    role: z.string(),
  }),
});
export type MyAccreditation = z.infer<typeof myAccreditationSchema>;

/** The office's queue: requests with who asked (name, e-mail, country), filtered by edition, status, country. */
export const accreditationQueueQuerySchema = z.object({
  edition: idParamSchema.optional(),
  status: z.enum(accreditationRequestStatuses, { error: 'fieldInvalid' }).optional(),
  country: optionalCountrySchema.optional(),
});

const accreditationQueueItemSchema = accreditationSchema.extend({
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    country: z.string(),
    country_unmapped: z.string(),
    language: z.string(),
  }),
});
export type AccreditationQueueItem = z.infer<typeof accreditationQueueItemSchema>;
export const accreditationQueueSchema = z.object({
  results: z.array(accreditationQueueItemSchema),
  countries: z.array(z.string()),
});

export const accreditationDecisionResultSchema = z.object({
  results: z.array(accreditationQueueItemSchema),
});

/** What the gate's scanner reads: valid or not, and only the name and outlet printed on the badge. */
export const badgeCheckSchema = z.object({
  valid: z.boolean(),
  name: z.string().nullable(),
  outlet: z.string().nullable(),
  edition: z.string().nullable(),
  site: z.string().nullable(),
  valid_until: z.string().nullable(),
});
