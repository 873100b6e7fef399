import { z } from 'zod';
import { requiredCountrySchema } from './countries.ts';
import { languages, mediaTypes, periodicities, qualifies, sectors, userTypes } from './enums.ts';
import { idParamSchema, textSchema } from './input-fields.ts';

// Messages are message keys (messages.ts); the server and the client translate them.

const requiredText = (max = 150) =>
  textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(max, { error: 'tooLong' });

const optionalText = (max = 150) => textSchema().trim().max(max, { error: 'tooLong' }).optional().default('');

export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, { error: 'emailRequired' })
  .max(254, { error: 'tooLong' })
  .pipe(z.email({ error: 'emailInvalid' }));

/** The specification's password rule, one message per unmet condition, in its order. */
export const passwordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .min(8, { error: 'passwordMin' })
  .max(128, { error: 'tooLong' })
  .regex(/[A-Z]/, { error: 'passwordCapital' })
  .regex(/[0-9]/, { error: 'passwordNumber' })
  .regex(/[!@#$%_]/, { error: 'passwordSpecial' });

/** Sign-in only checks presence: the rule applies when a password is chosen, not when it is typed. */
const presentPassword = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .max(128, { error: 'tooLong' });

export const languageSchema = z.enum(languages, { error: 'fieldInvalid' });

const text = (max: number) => textSchema({ error: 'fieldInvalid' }).trim().max(max, { error: 'tooLong' });
const printingCopies = z
  .number({ error: 'fieldInvalid' })
  .int({ error: 'fieldInvalid' })
  .min(0, { error: 'fieldInvalid' })
  .max(100_000_000, { error: 'fieldInvalid' })
  .nullable();

/** The press data fields without defaults: an edit must not reset what it does not send. */
const pressDataFields = {
  qualify: z.enum(qualifies, { error: 'fieldRequired' }),
  publishing_house: text(150),
  newspaper: requiredText(),
  media_type: z.enum(mediaTypes, { error: 'fieldRequired' }),
  periodicity: z.enum(periodicities, { error: 'fieldInvalid' }).nullable(),
  printing_copies: printingCopies,
  sector: z.enum(sectors, { error: 'fieldRequired' }),
  cap: text(20),
  province: text(100),
  country: requiredCountrySchema,
};

const pressDataSchema = z.object({
  ...pressDataFields,
  publishing_house: optionalText(),
  periodicity: pressDataFields.periodicity.optional().default(null),
  printing_copies: printingCopies.optional().default(null),
  cap: optionalText(20),
  province: optionalText(100),
});

export const tokenAuthRequest = z
  .object({
    email: textSchema({ error: 'emailInvalid' }).max(254, { error: 'tooLong' }).optional(),
    username: textSchema({ error: 'emailInvalid' }).max(254, { error: 'tooLong' }).optional(),
    password: presentPassword,
  })
  .transform((body, ctx) => {
    const email = (body.email ?? body.username ?? '').trim();
    if (!email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
    return { email, password: body.password };
  });

const groupSchema = z.object({ id: z.number().int(), name: z.string() });

const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.enum(userTypes),
  language: languageSchema,
  groups: z.array(groupSchema),
  permissions: z.array(z.string()),
  company_id: z.number().int().nullable(),
  /**
   * True when the user's latest consent is for an older privacy notice: the client asks again after sign-in
   * and records the answer with the consent call.
   */
  consent_required: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenResponse = z.object({ token: z.string(), user: sessionUserSchema });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const tokenRefreshRequest = z.object({
  token: z.string({ error: 'fieldRequired' }).min(1, { error: 'fieldRequired' }),
});

const registrationFields = z.object({
  first_name: requiredText(),
  last_name: requiredText(),
  email: emailSchema,
  password: passwordSchema,
  password_confirm: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }),
  language: languageSchema,
  accept: z.literal(true, { error: 'mustAccept' }),
  /** The press office may send its mail (PRODUCT.md section 13): a free choice, off until ticked. */
  press_mail: z.boolean({ error: 'fieldInvalid' }).default(false),
});

export const registerRequest = registrationFields
  .extend(pressDataSchema.shape)
  .refine((body) => body.password === body.password_confirm, {
    path: ['password_confirm'],
    message: 'passwordsDontMatch',
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const registerResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** The three fields of a signed link (`user_id={id}&timestamp={unix}&signature={sig}`). */
const signedLinkSchema = z.object({
  user_id: idParamSchema,
  timestamp: z.coerce
    .number({ error: 'fieldInvalid' })
    .int({ error: 'fieldInvalid' })
    .nonnegative({ error: 'fieldInvalid' }),
  signature: z
    .string({ error: 'fieldRequired' })
    .min(1, { error: 'fieldRequired' })
    .max(200, { error: 'fieldInvalid' }),
});
export type SignedLink = z.infer<typeof signedLinkSchema>;

export const verifyRegistrationRequest = signedLinkSchema;

export const emailOnlyRequest = z.object({ email: emailSchema });

/** send-reset-password-link: `email`, or django-rest-registration's `login` (the older client's field). */
export const resetLinkRequest = z
  .object({
    email: textSchema({ error: 'emailInvalid' }).max(254, { error: 'tooLong' }).optional(),
    login: textSchema({ error: 'emailInvalid' }).max(254, { error: 'tooLong' }).optional(),
  })
  .transform((body, ctx) => {
    const email = (body.email ?? body.login ?? '').trim();
    const parsed = emailSchema.safeParse(email);
    if (!email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
    else if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailInvalid' });
    return { email: parsed.success ? parsed.data : email };
  });

export const resetPasswordRequest = signedLinkSchema
  .extend({ password: passwordSchema, password_confirm: z.string().optional() })
  .refine((body) => body.password_confirm === undefined || body.password === body.password_confirm, {
    path: ['password_confirm'],
    message: 'passwordsDontMatch',
  });

export const changePasswordRequest = z
  .object({
    old_password: presentPassword,
    password: passwordSchema,
    password_confirm: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }),
  })
  .refine((body) => body.password === body.password_confirm, {
    path: ['password_confirm'],
    message: 'passwordsDontMatch',
  });

export const detailResponse = z.object({ detail: z.string() });

/** A password change answers with a fresh token: every earlier token of the user is refused from now on. */
export const changePasswordResponse = detailResponse.extend({ token: z.string() });

/**
 * Press data as stored: staff accounts made by an administrator or the command line have none, so the
 * enumerations may be null and the texts empty.
 */
const storedPressDataSchema = z.object({
  qualify: z.enum(qualifies).nullable(),
  publishing_house: z.string(),
  newspaper: z.string(),
  media_type: z.enum(mediaTypes).nullable(),
  periodicity: z.enum(periodicities).nullable(),
  printing_copies: z.number().int().nullable(),
  sector: z.enum(sectors).nullable(),
  cap: z.string(),
  province: z.string(),
  /** An ISO 3166-1 alpha-2 code, or empty. */
  country: z.string(),
  /** What was typed before countries were codes and named none, for the press office to fix; else empty. */
  country_unmapped: z.string(),
});

/** One recorded consent: the notice version accepted, when (UTC), in which language, on which site. */
const consentRecordSchema = z.object({
  version: z.string(),
  accepted_at: z.string(),
  language: z.string(),
  site: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const profileResponse = sessionUserSchema.extend(storedPressDataSchema.shape).extend({
  date_joined: z.string(),
  consent: consentRecordSchema.nullable(),
  /** A company administrator's choice: a mail when an approved piece of coverage names their exhibitor. */
  coverage_mail: z.boolean(),
});
export type Profile = z.infer<typeof profileResponse>;

/** Profile edits: only the fields sent change; e-mail, id and groups are read-only and ignored if sent. */
export const profileUpdateRequest = z
  .object({
    first_name: requiredText(),
    last_name: requiredText(),
    language: languageSchema,
    ...pressDataFields,
    coverage_mail: z.boolean({ error: 'fieldInvalid' }),
  })
  .partial();
export type ProfileUpdate = z.input<typeof profileUpdateRequest>;

// ---------------------------------------------------------------------------------- privacy (PRODUCT.md 8)

/**
 * Accepting the current privacy notice again. `version` is the notice the client showed: when it is sent and
 * is no longer the current one, the call is refused so an old text is never recorded as accepted.
 */
export const consentRequest = z.object({
  accept: z.literal(true, { error: 'mustAccept' }),
  version: z.string().max(20, { error: 'fieldInvalid' }).optional(),
});

export const consentResponse = z.object({
  detail: z.string(),
  consent: consentRecordSchema,
  user: sessionUserSchema,
});
export type ConsentResponse = z.infer<typeof consentResponse>;

/** Deleting the own account asks for the current password again. */
export const deleteAccountRequest = z.object({ password: presentPassword });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

/** A text per language, as stored (the data download shows every language). */
const exportLocalizedText = z.record(z.string(), z.string());

/**
 * Everything the press room keeps about a user (the data download): each personal record, never the password
 * hash nor the token of a secret link, nor material the user may not read.
 */
export const accountExportSchema = z.object({
  exported_at: z.string(),
  privacy_notice_version: z.string(),
  profile: profileResponse,
  account: z.object({
    is_active: z.boolean(),
    email_verified_at: z.string().nullable(),
    accreditation: z.string(),
    last_login: z.string().nullable(),
    press_data_restricted_at: z.string().nullable(),
  }),
  company: z.object({ id: z.number().int(), business_name: z.string() }).nullable(),
  consents: z.array(consentRecordSchema),
  contact_messages: z.array(
    z.object({
      id: z.number().int(),
      site: z.string().nullable(),
      sender_name: z.string(),
      sender_email: z.string(),
      subject: z.string(),
      message: z.string(),
      language: z.string(),
      created_at: z.string(),
    }),
  ),
  error_reports: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      level: z.string(),
      message: z.string(),
      name: z.string(),
      email: z.string(),
      comments: z.string(),
      url: z.string(),
      user_agent: z.string(),
      language: z.string(),
      site: z.string().nullable(),
    }),
  ),
  /** Entries in the journalism award: personal data, kept and deleted with the account. */
  award_entries: z.array(
    z.object({
      id: z.number().int(),
      award: exportLocalizedText,
      category: exportLocalizedText,
      coverage_title: z.string(),
      coverage_url: z.string(),
      statement: z.string(),
      winner: z.boolean(),
      created_at: z.string(),
    }),
  ),
  /** The scores the user gave as a juror of the award, with the entry scored (never its journalist). */
  award_scores: z.array(
    z.object({
      entry_id: z.number().int(),
      award: exportLocalizedText,
      category: exportLocalizedText,
      coverage_title: z.string(),
      coverage_url: z.string(),
      score: z.number().int(),
      comment: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** The award categories the user judges. */
  award_juries: z.array(
    z.object({ category_id: z.number().int(), award: exportLocalizedText, category: exportLocalizedText }),
  ),
  /** Interview requests the user sent, with what they agreed to share with the exhibitor and that consent. */
  interview_requests: z.array(
    z.object({
      id: z.number().int(),
      exhibitor: z.object({ id: z.number().int(), name: z.string() }),
      edition: z.object({ id: z.number().int(), name: z.string() }),
      site: z.string(),
      status: z.string(),
      topic: z.string(),
      language: z.string(),
      format: z.string(),
      preferred_times: z.array(z.string()),
      message: z.string(),
      shared_contact: z.object({
        name: z.string(),
        outlet: z.string(),
        email: z.string(),
        phone: z.string(),
      }),
      contact_consent: z.object({
        accepted_at: z.string(),
        site: z.string().nullable(),
        version: z.string(),
        language: z.string(),
      }),
      scheduled_at: z.string().nullable(),
      place: z.string(),
      decline_reason: z.string(),
      cancelled_by: z.string().nullable(),
      cancel_reason: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** Embargo previews the user was invited to by their account: sent, first and last opened, revoked. */
  preview_invitations: z.array(
    z.object({
      id: z.number().int(),
      release: z.number().int(),
      name: z.string(),
      email: z.string(),
      language: z.string(),
      sent_at: z.string(),
      first_opened_at: z.string().nullable(),
      last_opened_at: z.string().nullable(),
      open_count: z.number().int(),
      revoked_at: z.string().nullable(),
    }),
  ),
  /**
   * Coverage the user reported. Linked releases are listed (id and title) only while the user may read them;
   * the clipping is named, its file is downloaded from the coverage page.
   */
  coverage_reports: z.array(
    z.object({
      id: z.number().int(),
      site: z.string(),
      edition: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      url: z.string(),
      title: z.string(),
      outlet: z.string(),
      published_on: z.string(),
      language: z.string(),
      country: z.string(),
      media_type: z.string(),
      reach: z.number().int().nullable(),
      status: z.string(),
      reject_reason: z.string(),
      show_name: z.boolean(),
      clipping: z.object({ file_name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
      releases: z.array(z.object({ id: z.number().int(), title: z.string() })),
      exhibitors: z.array(z.object({ id: z.number().int(), name: z.string() })),
      decided_at: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** Sign-ups to events of the press programme (signed up, waiting or cancelled) and the check-in at the door. */
  programme_signups: z.array(
    z.object({
      id: z.number().int(),
      event: z.object({
        id: z.number().int(),
        title: exportLocalizedText,
        starts_at: z.string(),
        ends_at: z.string(),
        hall: z.string(),
        room: z.string(),
        stand: z.string(),
        edition: z.string(),
        site: z.string(),
      }),
      status: z.string(),
      language: z.string(),
      queued_at: z.string(),
      checked_in_at: z.string().nullable(),
      reminded_at: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** The sites where the user keeps a personal calendar feed (its secret address is never exported). */
  calendar_feeds: z.array(z.object({ site: z.string(), language: z.string(), created_at: z.string() })),
  /** Accreditation requests, with the names of their proof documents (the files are downloaded one by one). */
  accreditation_requests: z.array(
    z.object({
      id: z.number().int(),
      edition: z.object({
        id: z.number().int(),
        name: z.string(),
        starts_on: z.string(),
        ends_on: z.string(),
      }),
      site: z.string(),
      status: z.string(),
      media_type: z.string(),
      outlet: z.string(),
      role: z.string(),
      proof_kind: z.string(),
      article_date: z.string().nullable(),
      message: z.string(),
      question: z.string(),
      answer: z.string(),
      reason: z.string(),
      proofs: z.array(
        z.object({ file_name: z.string(), mime: z.string(), size: z.number().int(), created_at: z.string() }),
      ),
      decided_at: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** E-mail alerts of new releases to the user's address or made by the user (never their secret link). */
  alert_subscriptions: z.array(
    z.object({
      site: z.string(),
      email: z.string(),
      languages: z.array(z.string()),
      company_ids: z.array(z.number().int()),
      brand_ids: z.array(z.number().int()),
      frequency: z.string(),
      embargoed_early: z.boolean(),
      status: z.string(),
      consent: z.object({ accepted_at: z.string(), version: z.string(), language: z.string() }),
      created_at: z.string(),
      confirmed_at: z.string().nullable(),
      unsubscribed_at: z.string().nullable(),
    }),
  ),
  /** Each answer to the press office's mail, a withdrawal through a campaign's mail naming that campaign. */
  press_mail_answers: z.array(
    z.object({
      agreed: z.boolean(),
      answered_at: z.string(),
      site: z.number().int().nullable(),
      version: z.string(),
      language: z.string(),
      campaign: z.number().int().nullable(),
    }),
  ),
  /**
   * The pictures (of galleries and releases) and videos in the user's basket that they may still see, each with
   * its folder (gallery or release), the site (id) it was picked on and when.
   */
  basket: z.object({
    pictures: z.array(
      z.object({
        kind: z.string(),
        id: z.number().int(),
        folder: z.object({ id: z.number().int(), name: exportLocalizedText }),
        site: z.number().int(),
        file_name: z.string(),
        added_at: z.string(),
      }),
    ),
    videos: z.array(
      z.object({
        id: z.number().int(),
        folder: z.object({ kind: z.string(), id: z.number().int(), name: exportLocalizedText }),
        site: z.number().int(),
        file_name: z.string(),
        added_at: z.string(),
      }),
    ),
  }),
  /** Video uploads the user started that are still kept (one left unfinished is removed after a day). */
  video_uploads: z.array(
    z.object({
      file_name: z.string(),
      declared_size: z.number().int(),
      received_size: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
