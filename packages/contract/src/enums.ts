// Names fixed by the specification (sections 3 and 6); the server stores them verbatim.

export const roles = [
  'administrator_global',
  'administrator_associated_companies',
  'administrator_press_room',
  'administrator_press_room_external_company',
  'agent_press_room_external_company',
  'user_press_room',
] as const;
export type Role = (typeof roles)[number];

/** Groups admitted to the press area (spec section 6); administrator_associated_companies is not one. */
export const pressRoomRoles = [
  'administrator_global',
  'administrator_press_room',
  'administrator_press_room_external_company',
  'agent_press_room_external_company',
  'user_press_room',
] as const satisfies readonly Role[];

export const userTypes = ['USER', 'COMPANY'] as const;
export type UserType = (typeof userTypes)[number];

export const qualifies = [
  'director',
  'journalist',
  'company_press_office',
  'freelance',
  'advertising',
  'blogger',
] as const;
export type Qualify = (typeof qualifies)[number];

export const periodicities = ['daily', 'weekly_monthly', 'bimonthly_trimonthly'] as const;
export type Periodicity = (typeof periodicities)[number];

export const sectors = [
  'ceramic_bathroom_furniture',
  'architecture_construction',
  'design',
  'trade',
] as const;
export type Sector = (typeof sectors)[number];

export const mediaTypes = [
  'press_agency',
  'newspapers',
  'magazines',
  'radio',
  'televisions',
  'press_offices',
  'website',
] as const;
export type MediaType = (typeof mediaTypes)[number];

/** Interface languages; the first two are the specification's default locales. */
export const languages = ['en', 'it', 'fr', 'es', 'de', 'he', 'ar'] as const;
export type Language = (typeof languages)[number];
export const rtlLanguages: readonly Language[] = ['he', 'ar'];
export const defaultLanguage: Language = 'en';

/** Content languages fall back in this order after the requested one (PRODUCT.md section 6). */
export const contentFallback: readonly Language[] = ['en', 'it'];

export const accreditationModes = ['auto', 'manual'] as const;

export const accreditationStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export type AccreditationStatus = (typeof accreditationStatuses)[number];

export const pressReleaseStatuses = ['draft', 'submitted', 'published'] as const;
export type PressReleaseStatus = (typeof pressReleaseStatuses)[number];

export const privacyNoticeVersion = '20261126';
