import {
  type AccreditationStatus,
  type AdminUser,
  effectivePermissions,
  type Permission,
  type Role,
  type UserType,
} from '@pressroom/contract';
import type { ManagedUser } from './repository.ts';

export function presentManagedUser(user: ManagedUser): AdminUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    user_type: user.userType as UserType,
    language: user.language,
    is_active: user.isActive,
    accreditation: user.accreditation as AccreditationStatus,
    roles: user.roles as Role[],
    extra_permissions: user.extraPermissions as Permission[],
    permissions: [...effectivePermissions(user.roles, user.extraPermissions)].sort(),
    company:
      user.companyId !== null && user.companyName !== null
        ? { id: user.companyId, business_name: user.companyName }
        : null,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    newspaper: user.newspaper,
    country: user.country,
    country_unmapped: user.countryUnmapped,
  };
}
