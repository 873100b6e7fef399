import type { AdminUser } from '@pressroom/contract';

/** The status the users list filters by: pending accreditation first, then active or not. */
export function userStatus(
  user: Pick<AdminUser, 'is_active' | 'accreditation'>,
): 'active' | 'inactive' | 'pending' {
  if (user.accreditation === 'pending') return 'pending';
  return user.is_active ? 'active' : 'inactive';
}

export const fullName = (user: Pick<AdminUser, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();
