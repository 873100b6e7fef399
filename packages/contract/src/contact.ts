import { z } from 'zod';
import { textSchema } from './input-fields.ts';

/** The contact form (the sender is the signed-in user). */
export const contactRequestSchema = z.object({
  subject: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(200, { error: 'tooLong' }),
  message: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(5000, { error: 'tooLong' }),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  sender_name: z.string(),
  sender_email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  site: z.number().int().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

export const contactMessageUpdateSchema = z.object({ read: z.boolean({ error: 'fieldInvalid' }) });
