import { z } from 'zod';
import { emailSchema, languageSchema } from './account.ts';
import { idSchema, textSchema } from './input-fields.ts';
import { pressReleaseSchema } from './press.ts';

// Embargo previews (PRODUCT.md section 13): named people invited to read an embargoed release through a
// personal, revocable link that ends with the embargo. The office's form and the server share these schemas.

/** At most this many invitations per release: a preview goes to named people, not to a list. */
export const maxPreviewInvitations = 200;

/**
 * An invitation: an account picked by name or address (`user`), or an address with a name. The mail is in the
 * account's language, else in `language`.
 */
export const previewInvitationInputSchema = z
  .object({
    user: idSchema.optional(),
    email: emailSchema.optional(),
    name: textSchema({ error: 'fieldInvalid' }).trim().max(200, { error: 'tooLong' }).optional(),
    language: languageSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.user !== undefined) return;
    if (input.email === undefined)
      context.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
    if (!input.name) context.addIssue({ code: 'custom', path: ['name'], message: 'fieldRequired' });
  });
export type PreviewInvitationInput = z.input<typeof previewInvitationInputSchema>;

/** One invitation as the office sees it: never its link, which only the invitee's mail holds. */
export const previewInvitationSchema = z.object({
  id: z.number().int(),
  /** The account it was sent to, if any: another signed-in account is refused the preview. */
  user: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  language: z.string(),
  sent_at: z.string(),
  first_opened_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  open_count: z.number().int(),
  revoked_at: z.string().nullable(),
});
export type PreviewInvitation = z.infer<typeof previewInvitationSchema>;

/** The release's invitations, newest first, with its embargo's end and the zone the office reads it in. */
export const previewInvitationListSchema = z.object({
  /** Whether invitations may be sent now: published, come, under embargo. */
  previewable: z.boolean(),
  embargo_until: z.string().nullable(),
  time_zone: z.string(),
  results: z.array(previewInvitationSchema),
});
export type PreviewInvitationList = z.infer<typeof previewInvitationListSchema>;

/** Accounts the office may invite, found by name or address. */
export const previewAccountQuerySchema = z.object({
  search: textSchema({ error: 'fieldInvalid' })
    .trim()
    .min(2, { error: 'fieldInvalid' })
    .max(100, { error: 'tooLong' }),
});
export const previewAccountListSchema = z.object({
  results: z.array(
    z.object({ id: z.number().int(), name: z.string(), email: z.string(), language: z.string() }),
  ),
});
export type PreviewAccount = z.infer<typeof previewAccountListSchema>['results'][number];

/** What the personal link opens: the release as the press will read it, for its invitee, until the embargo. */
export const releasePreviewSchema = z.object({
  invitee_name: z.string(),
  embargo_until: z.string(),
  release: pressReleaseSchema,
});
export type ReleasePreview = z.infer<typeof releasePreviewSchema>;

/** After the embargo: the public page takes over (its address in the web app and the server's page). */
export const releasePreviewEndedSchema = z.object({
  detail: z.string(),
  release_link: z.string(),
  page: z.string().nullable(),
});
