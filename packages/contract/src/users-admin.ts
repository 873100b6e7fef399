import { z } from 'zod';
import { accreditationStatuses, roles, userTypes } from './enums.ts';
import { idParamSchema, idSchema, textSchema } from './input-fields.ts';
import { permissions } from './permissions.ts';

// Back-office management of users, permissions and accreditation; and the crash-report dialog's reports.

export const userStatuses = ['active', 'inactive', 'pending'] as const;

export const adminUsersQuery = z.object({
  role: z.enum(roles, { error: 'fieldInvalid' }).optional(),
  status: z.enum(userStatuses, { error: 'fieldInvalid' }).optional(),
  company: idParamSchema.optional(),
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.enum(userTypes),
  language: z.string(),
  is_active: z.boolean(),
  accreditation: z.enum(accreditationStatuses),
  roles: z.array(z.enum(roles)),
  extra_permissions: z.array(z.enum(permissions)),
  permissions: z.array(z.enum(permissions)),
  company: z.object({ id: z.number().int(), business_name: z.string() }).nullable(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  newspaper: z.string(),
  country: z.string(),
  country_unmapped: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserUpdateRequest = z.object({
  first_name: textSchema()
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(150, { error: 'tooLong' })
    .optional(),
  last_name: textSchema().trim().min(1, { error: 'fieldRequired' }).max(150, { error: 'tooLong' }).optional(),
  user_type: z.enum(userTypes, { error: 'fieldInvalid' }).optional(),
  is_active: z.boolean({ error: 'fieldInvalid' }).optional(),
  roles: z.array(z.enum(roles, { error: 'fieldInvalid' }), { error: 'fieldInvalid' }).optional(),
  extra_permissions: z
    .array(z.enum(permissions, { error: 'fieldInvalid' }), { error: 'fieldInvalid' })
    .optional(),
  company_id: idSchema.nullable().optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateRequest>;

export const accreditationDecisionRequest = z.object({
  /** Optional words for the journalist, quoted in the mail on rejection. */
  reason: textSchema().trim().max(1000, { error: 'tooLong' }).optional().default(''),
});

export const errorReportLevels = ['fatal', 'error', 'warning', 'info'] as const;

/** What the crash-report dialog sends; the user may leave name, e-mail and comments empty. */
export const errorReportRequest = z.object({
  message: textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(2000, { error: 'tooLong' }),
  level: z.enum(errorReportLevels, { error: 'fieldInvalid' }).optional().default('warning'),
  name: textSchema().trim().max(150, { error: 'tooLong' }).optional().default(''),
  email: textSchema()
    .trim()
    .max(254, { error: 'tooLong' })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'emailInvalid' })
    .optional()
    .default(''),
  comments: textSchema().trim().max(5000, { error: 'tooLong' }).optional().default(''),
  url: textSchema().trim().max(2000, { error: 'tooLong' }).optional().default(''),
  stack: textSchema().max(20_000, { error: 'tooLong' }).optional().default(''),
  user_agent: textSchema().max(500, { error: 'tooLong' }).optional().default(''),
});
export type ErrorReportRequest = z.input<typeof errorReportRequest>;

export const errorReportSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  level: z.enum(errorReportLevels),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  comments: z.string(),
  url: z.string(),
  stack: z.string(),
  user_agent: z.string(),
  language: z.string(),
  site: z.string().nullable(),
  user: z.object({ id: z.number().int(), email: z.string() }).nullable(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;
