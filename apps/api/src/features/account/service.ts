import {
  type Language,
  permissions as permissionNames,
  pressRoomRoles,
  privacyNoticeVersion,
  type Role,
  type registerRequest,
  roles as roleNames,
  type SignedLink,
  type UserType,
  webLinks,
} from '@pressroom/contract';
import type { Executor } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError, nonFieldError, validationError } from '../../lib/api-error.ts';
import { type Identity, loadIdentity, type UserRow } from '../../lib/identity.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { issueToken, readToken, TokenError, tokenStillValidFor, toSeconds } from '../../lib/tokens.ts';
import type { Site } from '../../plugins/sites.ts';
import { recordPressMailAnswer } from '../campaigns/index.ts';
import { accreditationQueuedMail, resetPasswordMail, verificationMail } from './mails.ts';
import {
  addExtraPermissions,
  addRoles,
  findUserByEmail,
  findUserById,
  insertConsent,
  insertUser,
  latestConsent,
  replacePassword,
  type UserChanges,
  updateUser,
} from './repository.ts';
import { type LinkPurpose, linkSignatureValid, signLink } from './signed-links.ts';

/** What the account rules need from the application: its database, settings, clock and mail queue. */
export type AccountDeps = Pick<FastifyInstance, 'db' | 'config' | 'clock' | 'mail'>;

/** Where a request came from: the site it was made on and the language it was read in. */
export interface RequestContext {
  site: Site;
  language: Language;
}

const uniqueViolation = (error: unknown): boolean => {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
};

// ---------------------------------------------------------------------------------------------- tokens

export interface Session {
  token: string;
  identity: Identity;
  /** The user must accept the current privacy notice again (see consentRequired). */
  consentRequired: boolean;
}

/**
 * Whether to ask the user for consent again: their latest consent is for an older notice version. Accounts
 * with no consent at all are staff accounts made by an administrator or the command line (every sign-up
 * records one); their data is processed as staff, not under the press-room notice, so they are not asked.
 */
function consentRequired(latest: { version: string } | null): boolean {
  return latest !== null && latest.version !== privacyNoticeVersion;
}

async function sessionFor(deps: AccountDeps, userId: number, origIat?: number): Promise<Session> {
  const identity = await loadIdentity(deps.db, userId);
  if (!identity) throw nonFieldError('userNotFound');
  return sessionOf(deps, identity, origIat);
}

async function sessionOf(deps: AccountDeps, identity: Identity, origIat?: number): Promise<Session> {
  const [token, consent] = await Promise.all([
    issueToken(deps.config, deps.clock.now(), identity.user, origIat),
    latestConsent(deps.db, identity.user.id),
  ]);
  return { token, identity, consentRequired: consentRequired(consent) };
}

/** token-auth's answer to an unknown e-mail, a wrong password and a disabled account alike. */
const wrongCredentials = () => nonFieldError('badCredentials');

/** The sign-in failed on the e-mail or the password (what failure limits count). */
export const isWrongCredentials = (error: unknown) =>
  error instanceof ApiError &&
  Array.isArray((error.body as { non_field_errors?: string[] }).non_field_errors) &&
  (error.body as { non_field_errors: string[] }).non_field_errors[0] === 'badCredentials';

/** Groups that may sign in: the press room's, and the associated-companies administrators (back office). */
const entryRoles: readonly string[] = [...pressRoomRoles, 'administrator_associated_companies'];

/**
 * token-auth. An unknown e-mail, a wrong password and a disabled account get the same answer; only once the
 * password is right does the answer say more (nothing then reveals whether an address exists): an address
 * not verified yet (the client offers to send the link again), an accreditation under review since when, or
 * an account in no group that may enter (refused here, not only by the web client).
 */
export async function signIn(
  deps: AccountDeps,
  email: string,
  password: string,
  language: Language,
): Promise<Session> {
  const user = await findUserByEmail(deps.db, email);
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstNothing(password);
  if (!user || !valid) throw wrongCredentials();
  if (!user.isActive) {
    if (user.emailVerifiedAt) throw wrongCredentials();
    throw new ApiError(400, { non_field_errors: ['emailNotVerified'], code: 'email_not_verified' });
  }
  const identity = await loadIdentity(deps.db, user.id);
  if (!identity) throw wrongCredentials();
  if (!identity.groups.some((group) => entryRoles.includes(group.name))) {
    if (user.accreditation === 'pending') {
      const since = user.emailVerifiedAt ?? user.dateJoined;
      const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(since);
      throw new ApiError(
        403,
        { non_field_errors: ['accreditationPendingSince'], code: 'accreditation_pending' },
        { date },
      );
    }
    throw new ApiError(403, { non_field_errors: ['notPermittedToAccess'], code: 'not_permitted' });
  }
  await updateUser(deps.db, user.id, { lastLogin: deps.clock.now() });
  return sessionOf(deps, identity);
}

/** token-refresh: a new token with the original `orig_iat`, while the refresh window lasts. */
export async function refreshSession(deps: AccountDeps, token: string): Promise<Session> {
  const now = deps.clock.now();
  let claims: Awaited<ReturnType<typeof readToken>>;
  try {
    claims = await readToken(deps.config, now, token);
  } catch (error) {
    if (error instanceof TokenError) throw nonFieldError(error.problem);
    throw error;
  }
  // One query for the checks and the answer: this call runs on every navigation of the web app.
  const identity = await loadIdentity(deps.db, claims.user_id);
  if (!identity) throw nonFieldError('userNotFound');
  const { user } = identity;
  if (!tokenStillValidFor(claims, user)) throw nonFieldError('tokenInvalid');
  if (!user.isActive) throw nonFieldError('userInactive');
  if (claims.orig_iat + deps.config.refreshWindow < toSeconds(now)) throw nonFieldError('refreshExpired');
  return sessionOf(deps, identity, claims.orig_iat);
}

// ------------------------------------------------------------------------------------- signed links

function linkSalt(purpose: LinkPurpose, user: UserRow): string {
  // Verification links die if the address changes; reset links die once the password changes (used once).
  return purpose === 'verify-registration' ? user.email.toLowerCase() : user.passwordHash;
}

/** A signed link into the site the request came from (its configured address, never the Host header). */
function linkUrl(deps: AccountDeps, purpose: LinkPurpose, user: UserRow, site: Site): string {
  const link = signLink(
    deps.config.secretKey,
    purpose,
    user.id,
    toSeconds(deps.clock.now()),
    linkSalt(purpose, user),
  );
  const build = purpose === 'verify-registration' ? webLinks.verifyAccount : webLinks.resetPassword;
  return `${site.address}${build(link.user_id, link.timestamp, link.signature)}`;
}

/** The user a signed link names, once its signature and age are checked (tampering is reported first). */
async function userForLink(
  deps: AccountDeps,
  purpose: LinkPurpose,
  link: SignedLink,
  lifetime: number,
): Promise<UserRow> {
  const user = await findUserById(deps.db, link.user_id);
  if (!user || !linkSignatureValid(deps.config.secretKey, purpose, link, linkSalt(purpose, user))) {
    throw new ApiError(400, { detail: 'invalidSignature' });
  }
  if (toSeconds(deps.clock.now()) - link.timestamp > lifetime) {
    throw new ApiError(400, { detail: 'linkExpired' });
  }
  return user;
}

async function enqueueVerificationMail(deps: AccountDeps, executor: Executor, user: UserRow, site: Site) {
  const mail = verificationMail({
    language: user.language,
    siteName: site.name,
    firstName: user.firstName,
    url: linkUrl(deps, 'verify-registration', user, site),
    lifetime: deps.config.verificationLinkLifetime,
  });
  await deps.mail.enqueue(executor, { to: user.email, ...mail });
}

// -------------------------------------------------------------------------------------- registration

export type Registration = z.output<typeof registerRequest>;

/**
 * Creates an inactive account with its press data and consent record, and queues the verification mail in
 * the same transaction: either all of it exists or none of it does.
 */
export async function register(deps: AccountDeps, input: Registration, context: RequestContext) {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw validationError({ email: ['emailTaken'] });
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        language: input.language,
        userType: 'USER',
        isActive: false,
        accreditation: 'none',
        tokensValidAfter: now,
        dateJoined: now,
        qualify: input.qualify,
        publishingHouse: input.publishing_house,
        newspaper: input.newspaper,
        mediaType: input.media_type,
        periodicity: input.periodicity,
        printingCopies: input.printing_copies,
        sector: input.sector,
        cap: input.cap,
        province: input.province,
        country: input.country,
      });
      // The consent records the notice as it was shown: the language the registration page was read in.
      await insertConsent(tx, {
        userId: user.id,
        acceptedAt: now,
        pressGroupId: context.site.id,
        noticeVersion: privacyNoticeVersion,
        language: context.language,
      });
      // The press office's mail is a choice of its own, recorded either way so the user is not asked again.
      await recordPressMailAnswer(tx, user.id, input.press_mail, context, now);
      await enqueueVerificationMail(deps, tx, user, context.site);
      return user;
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides, the loser gets the same answer.
    if (uniqueViolation(error)) throw validationError({ email: ['emailTaken'] });
    throw error;
  }
}

/**
 * Follows a verification link: the account becomes active and, unless accreditation is manual, joins
 * user_press_room. With manual accreditation the press office is mailed, in the same transaction, that a
 * journalist entered the queue. Following the link again changes nothing and answers the same.
 */
export async function verifyRegistration(deps: AccountDeps, link: SignedLink, site: Site) {
  const user = await userForLink(deps, 'verify-registration', link, deps.config.verificationLinkLifetime);
  if (user.emailVerifiedAt) {
    return user.accreditation === 'pending' ? 'accountPendingAccreditation' : 'accountVerified';
  }
  const manual = deps.config.accreditationMode === 'manual';
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      isActive: true,
      emailVerifiedAt: deps.clock.now(),
      accreditation: manual ? 'pending' : 'approved',
    });
    if (manual) {
      await deps.mail.enqueue(tx, {
        to: deps.config.pressOfficeEmail,
        ...accreditationQueuedMail(user, site.name, site.address),
        headers: { 'Reply-To': user.email },
      });
    } else {
      await addRoles(tx, user.id, ['user_press_room']);
    }
  });
  return manual ? 'accountPendingAccreditation' : 'accountVerified';
}

/** Sends a fresh verification link to an address that has not been verified; silent otherwise. */
export async function resendActivationEmail(deps: AccountDeps, email: string, site: Site) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt) return;
  await deps.db.transaction((tx) => enqueueVerificationMail(deps, tx, user, site));
}

// -------------------------------------------------------------------------------------------- passwords

/** Mails a reset link to an active account; silent otherwise, so the answer reveals nothing. */
export async function sendResetPasswordLink(deps: AccountDeps, email: string, site: Site) {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.isActive) return;
  const mail = resetPasswordMail({
    language: user.language,
    siteName: site.name,
    firstName: user.firstName,
    url: linkUrl(deps, 'reset-password', user, site),
    lifetime: deps.config.resetLinkLifetime,
  });
  await deps.db.transaction((tx) => deps.mail.enqueue(tx, { to: user.email, ...mail }));
}

/** Sets a new password from a reset link; the link dies with the old hash and earlier tokens stop working. */
export async function resetPassword(deps: AccountDeps, link: SignedLink, password: string) {
  const user = await userForLink(deps, 'reset-password', link, deps.config.resetLinkLifetime);
  await replacePassword(deps.db, user.id, await hashPassword(password), deps.clock.now());
}

/** Changes the password of the signed-in user and returns a fresh token: every earlier one is refused. */
export async function changePassword(
  deps: AccountDeps,
  userId: number,
  oldPassword: string,
  newPassword: string,
): Promise<Session> {
  const user = await findUserById(deps.db, userId);
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
    throw validationError({ old_password: ['oldPasswordWrong'] });
  }
  await replacePassword(deps.db, user.id, await hashPassword(newPassword), deps.clock.now());
  return sessionFor(deps, user.id);
}

// ---------------------------------------------------------------------------------------------- profile

export async function loadProfile(deps: AccountDeps, userId: number) {
  const identity = await loadIdentity(deps.db, userId);
  if (!identity) throw nonFieldError('userNotFound');
  return profileOf(deps, identity);
}

/** The profile of an identity already loaded (by the auth plugin, for the signed-in user's own profile). */
export async function profileOf(deps: AccountDeps, identity: Identity) {
  const consent = await latestConsent(deps.db, identity.user.id);
  return { identity, consent, consentRequired: consentRequired(consent) };
}

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  language?: Language;
  qualify?: string;
  publishing_house?: string;
  newspaper?: string;
  media_type?: string;
  periodicity?: string | null;
  printing_copies?: number | null;
  sector?: string;
  cap?: string;
  province?: string;
  country?: string;
  coverage_mail?: boolean;
}

const profileColumns: Record<keyof ProfileChanges, keyof UserChanges> = {
  first_name: 'firstName',
  last_name: 'lastName',
  language: 'language',
  qualify: 'qualify',
  publishing_house: 'publishingHouse',
  newspaper: 'newspaper',
  media_type: 'mediaType',
  periodicity: 'periodicity',
  printing_copies: 'printingCopies',
  sector: 'sector',
  cap: 'cap',
  province: 'province',
  country: 'country',
  coverage_mail: 'coverageMail',
};

/** Changes only the fields sent; e-mail, id and groups are not editable here. */
export async function updateProfile(deps: AccountDeps, userId: number, changes: ProfileChanges) {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(profileColumns)) {
    const value = changes[field as keyof ProfileChanges];
    if (value !== undefined) values[column] = value;
  }
  // Choosing a country settles what was typed before countries were codes.
  if (changes.country !== undefined) values.countryUnmapped = '';
  if (Object.keys(values).length > 0) await updateUser(deps.db, userId, values as UserChanges);
  return loadProfile(deps, userId);
}

// ------------------------------------------------------------------------------ accounts made by staff

export interface ActiveUserInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  roles?: readonly string[];
  extraPermissions?: readonly string[];
  companyId?: number | null;
  userType?: UserType;
  language?: Language;
}

/**
 * Creates an active, verified account with the given role groups (the command line's create-user, demo
 * seeding, tests). Unknown role or permission names and a taken e-mail are refused. The password rule is the
 * caller's to apply (the CLI checks it with the contract's passwordSchema).
 */
export async function createActiveUser(
  executor: Executor,
  input: ActiveUserInput,
  now: Date,
): Promise<UserRow> {
  const roles = input.roles ?? [];
  const unknownRoles = roles.filter((role) => !(roleNames as readonly string[]).includes(role));
  if (unknownRoles.length > 0) throw new Error(`unknown role group(s): ${unknownRoles.join(', ')}`);
  const extras = input.extraPermissions ?? [];
  const unknownPermissions = extras.filter((name) => !(permissionNames as readonly string[]).includes(name));
  if (unknownPermissions.length > 0)
    throw new Error(`unknown permission(s): ${unknownPermissions.join(', ')}`);
  const email = input.email.trim();
  const passwordHash = await hashPassword(input.password);
  const run = async (tx: Executor) => {
    if (await findUserByEmail(tx, email)) throw validationError({ email: ['emailTaken'] });
    const user = await insertUser(tx, {
      email,
      passwordHash,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      userType: input.userType ?? (input.companyId ? 'COMPANY' : 'USER'),
      language: input.language ?? 'en',
      isActive: true,
      emailVerifiedAt: now,
      accreditation: (roles as readonly string[]).includes('user_press_room') ? 'approved' : 'none',
      companyId: input.companyId ?? null,
      tokensValidAfter: now,
      dateJoined: now,
    });
    await addRoles(tx, user.id, roles as Role[]);
    await addExtraPermissions(tx, user.id, extras);
    return user;
  };
  return 'transaction' in executor ? executor.transaction(run) : run(executor);
}
