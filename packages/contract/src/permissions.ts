import type { Role } from './enums.ts';

/** Named permissions (PRODUCT.md section 3). Roles grant defaults; administrators may add extras per user. */
export const permissions = [
  'press_area.access',
  'press_release.write_own_company',
  'press_release.publish_own_company',
  'press_release.manage_all',
  'gallery.write_own_company',
  'gallery.publish_own_company',
  'gallery.manage_all',
  'magazine.manage',
  'press_kit.manage',
  'press_contact.manage',
  'contact.read_inbox',
  'journalist.accredit',
  'company_agent.manage_own_company',
  'company.manage',
  'brand.manage',
  'company.import',
  'user.manage',
  'permission.manage',
  'error_report.read',
  /** Scores the journalism award's entries in the categories the press office gives them. */
  'award.judge',
  /** Sends releases to saved lists of consenting journalists (the press office's campaigns). */
  'campaign.manage',
] as const;
export type Permission = (typeof permissions)[number];

const pressArea: Permission[] = ['press_area.access'];
const companyWriter: Permission[] = [
  ...pressArea,
  'press_release.write_own_company',
  'gallery.write_own_company',
];
const companyAdministrator: Permission[] = [
  ...companyWriter,
  'press_release.publish_own_company',
  'gallery.publish_own_company',
  'company_agent.manage_own_company',
];
const pressOffice: Permission[] = [
  ...companyAdministrator,
  'press_release.manage_all',
  'gallery.manage_all',
  'magazine.manage',
  'press_kit.manage',
  'press_contact.manage',
  'contact.read_inbox',
  'journalist.accredit',
  'campaign.manage',
];
const associatedCompanies: Permission[] = ['company.manage', 'brand.manage', 'company.import'];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  user_press_room: pressArea,
  agent_press_room_external_company: companyWriter,
  administrator_press_room_external_company: companyAdministrator,
  administrator_press_room: pressOffice,
  administrator_associated_companies: associatedCompanies,
  administrator_global: [...permissions],
};

/** Every permission a user holds: the defaults of each role plus the extras granted to them. */
export function effectivePermissions(
  userRoles: readonly string[],
  extraPermissions: readonly string[] = [],
): Set<Permission> {
  const granted = new Set<Permission>();
  for (const role of userRoles) {
    for (const permission of rolePermissions[role as Role] ?? []) granted.add(permission);
  }
  for (const permission of extraPermissions) {
    if ((permissions as readonly string[]).includes(permission)) granted.add(permission as Permission);
  }
  return granted;
}
