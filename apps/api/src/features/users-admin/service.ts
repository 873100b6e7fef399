import {
  type adminUserUpdateRequest,
  type Role,
  rolePermissions,
  translateMessage,
} from '@pressroom/contract';
import type { Database } from '@pressroom/db';
import type { z } from 'zod';
import { notFound, permissionDenied, validationError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderMail } from '../../lib/mail-layout.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { Site } from '../../plugins/sites.ts';
import { endPlacesOf, type PlacesDeps } from '../programme/index.ts';
import {
  addRole,
  companyExists,
  findManagedUser,
  type ManagedUser,
  replaceExtraPermissions,
  replaceRoles,
  signUpSiteId,
  type UserFilters,
  updateUserColumns,
} from './repository.ts';

export interface UsersAdminDeps {
  db: Database;
  clock: Clock;
  mail: Mailer;
  sites: PlacesDeps['sites'];
}

const agentRole: Role = 'agent_press_room_external_company';

/** Everyone (user.manage), or only the users of the caller's own company (company administrators). */
export function listScope(actor: AuthUser, filters: UserFilters): UserFilters {
  if (actor.permissions.has('user.manage')) return filters;
  if (actor.permissions.has('company_agent.manage_own_company') && actor.companyId !== null) {
    return { ...filters, companyId: actor.companyId };
  }
  // Holds the permission but belongs to no company: there is nobody to manage.
  return { ...filters, companyId: -1 };
}

/**
 * A company administrator manages their company's agents only: a user of the company who holds any other role
 * (a fellow company administrator, a company-bound administrator_global) is out of their hands. A user left
 * with no role at all stays theirs, since taking the agent role away is one of the changes they may make.
 */
function canManage(actor: AuthUser, target: ManagedUser): boolean {
  if (actor.permissions.has('user.manage')) return true;
  return (
    actor.permissions.has('company_agent.manage_own_company') &&
    actor.companyId !== null &&
    target.companyId === actor.companyId &&
    target.roles.every((role) => role === agentRole)
  );
}

export async function getManagedUser(deps: UsersAdminDeps, actor: AuthUser, id: number) {
  const user = await findManagedUser(deps.db, id);
  if (!user) throw notFound();
  if (!canManage(actor, user)) throw permissionDenied('onlyOwnCompanyAgents');
  return user;
}

type Update = z.output<typeof adminUserUpdateRequest>;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * A company administrator may switch their agents on and off, rename them, and give or take the agent role;
 * nothing else (no other role, no permission, no other company).
 */
function checkCompanyAdministratorChange(current: ManagedUser, update: Update) {
  if (
    update.extra_permissions !== undefined &&
    !sameSet(update.extra_permissions, current.extraPermissions)
  ) {
    throw permissionDenied();
  }
  if (update.company_id !== undefined && update.company_id !== current.companyId) throw permissionDenied();
  if (update.user_type !== undefined && update.user_type !== current.userType) throw permissionDenied();
  if (update.roles !== undefined) {
    const without = (roles: readonly string[]) => roles.filter((role) => role !== agentRole);
    if (!sameSet(without(update.roles), without(current.roles))) throw permissionDenied();
  }
}

/**
 * Who may change access, and how far. Extra permissions need permission.manage; so do roles, except the agent
 * role a company administrator gives or takes. Nobody gives a role or a permission they do not hold
 * themselves, so nobody raises their own access either.
 */
function checkAccessChange(
  actor: AuthUser,
  current: ManagedUser,
  update: Update,
  fullAdministrator: boolean,
) {
  const rolesChange = update.roles !== undefined && !sameSet(update.roles, current.roles);
  const extrasChange =
    update.extra_permissions !== undefined && !sameSet(update.extra_permissions, current.extraPermissions);
  if (!rolesChange && !extrasChange) return;
  if (extrasChange && !actor.permissions.has('permission.manage')) throw permissionDenied();
  if (rolesChange && fullAdministrator && !actor.permissions.has('permission.manage')) {
    throw permissionDenied('rolesNeedPermissionManage');
  }
  const addedRoles = (update.roles ?? []).filter((role) => !current.roles.includes(role));
  const addedExtras = (update.extra_permissions ?? []).filter(
    (permission) => !current.extraPermissions.includes(permission),
  );
  const given = [...addedRoles.flatMap((role) => rolePermissions[role]), ...addedExtras];
  if (given.some((permission) => !actor.permissions.has(permission))) {
    throw permissionDenied('cannotGrantBeyondOwnAccess');
  }
}

export async function updateManagedUser(deps: UsersAdminDeps, actor: AuthUser, id: number, update: Update) {
  await deps.db.transaction(async (tx) => {
    const current = await findManagedUser(tx, id);
    if (!current) throw notFound();
    if (!canManage(actor, current)) throw permissionDenied('onlyOwnCompanyAgents');
    const fullAdministrator = actor.permissions.has('user.manage');
    if (!fullAdministrator) checkCompanyAdministratorChange(current, update);
    checkAccessChange(actor, current, update, fullAdministrator);
    if (actor.id === id) {
      const losesAdministration =
        update.roles !== undefined &&
        current.roles.includes('administrator_global') &&
        !update.roles.includes('administrator_global');
      if (losesAdministration || update.is_active === false) {
        throw validationError({ non_field_errors: ['cannotChangeOwnAccess'] });
      }
    }
    const userType = update.user_type ?? current.userType;
    let companyId = update.company_id !== undefined ? update.company_id : current.companyId;
    if (userType === 'USER') companyId = null;
    if (userType === 'COMPANY') {
      if (companyId === null) throw validationError({ company_id: ['companyRequiredForCompanyUser'] });
      if (companyId !== current.companyId && !(await companyExists(tx, companyId))) {
        throw validationError({ company_id: ['fieldInvalid'] });
      }
    }
    await updateUserColumns(tx, id, {
      ...(update.first_name !== undefined && { firstName: update.first_name }),
      ...(update.last_name !== undefined && { lastName: update.last_name }),
      ...(update.is_active !== undefined && { isActive: update.is_active }),
      userType,
      companyId,
    });
    // A switched-off account holds no programme places: they go to the waiting lists at once.
    if (update.is_active === false && current.isActive) await endPlacesOf(deps, tx, [id]);
    if (update.roles !== undefined) await replaceRoles(tx, id, [...new Set(update.roles)]);
    if (update.extra_permissions !== undefined) {
      await replaceExtraPermissions(tx, id, [...new Set(update.extra_permissions)]);
    }
  });
  return (await findManagedUser(deps.db, id))!;
}

// ------------------------------------------------------------------------------------------ accreditation

/**
 * Approves or rejects a journalist waiting for accreditation, and tells them by mail (queued, same commit).
 * The mail names the site the journalist signed up on and links its own address, whichever site the press
 * office decides from (the site of the decision when the sign-up's is unknown).
 */
export async function decideAccreditation(
  deps: UsersAdminDeps,
  id: number,
  decision: 'approved' | 'rejected',
  reason: string,
  sites: { current: Site; all: Iterable<Site> },
) {
  await deps.db.transaction(async (tx) => {
    const user = await findManagedUser(tx, id);
    if (!user) throw notFound();
    if (user.accreditation !== 'pending' || !user.emailVerifiedAt) {
      throw validationError({ non_field_errors: ['accreditationNotPending'] });
    }
    const signedUpOn = await signUpSiteId(tx, id);
    const site = [...sites.all].find((candidate) => candidate.id === signedUpOn) ?? sites.current;
    const siteName = site.name;
    await updateUserColumns(tx, id, { accreditation: decision });
    if (decision === 'approved') await addRole(tx, id, 'user_press_room');
    const t = (key: string, params?: Record<string, string>) => translateMessage(user.language, key, params);
    const approved = decision === 'approved';
    const subject = t(approved ? 'accreditationApprovedSubject' : 'accreditationRejectedSubject');
    const paragraphs = [t(approved ? 'accreditationApprovedBody' : 'accreditationRejectedBody')];
    if (reason) paragraphs.push(t('accreditationReason', { reason }));
    const mail = renderMail({
      siteName,
      language: user.language,
      heading: subject,
      paragraphs,
      action: approved
        ? { label: t('accreditationApprovedAction'), url: `${site.address}/#/account/login` }
        : undefined,
    });
    await deps.mail.enqueue(tx, { to: user.email, subject: `${subject} - ${siteName}`, ...mail });
  });
  return (await findManagedUser(deps.db, id))!;
}
