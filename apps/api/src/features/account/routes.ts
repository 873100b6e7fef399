import {
  accountExportSchema,
  apiPaths,
  changePasswordRequest,
  changePasswordResponse,
  consentRequest,
  consentResponse,
  deleteAccountRequest,
  detailResponse,
  emailOnlyRequest,
  privacyNoticeVersion,
  profileResponse,
  profileUpdateRequest,
  registerRequest,
  registerResponse,
  resetLinkRequest,
  resetPasswordRequest,
  tokenAuthRequest,
  tokenRefreshRequest,
  tokenResponse,
  verifyRegistrationRequest,
} from '@pressroom/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser, Identity } from '../../lib/identity.ts';
import { byAddress, byEmail, byEmailAndAddress } from '../../plugins/rate-limit.ts';
import {
  presentConsent,
  presentExport,
  presentProfile,
  presentRegistered,
  presentSession,
  presentSessionUser,
} from './presenters.ts';
import { collectAccountData, deleteAccount, recordConsent } from './privacy.ts';
import {
  changePassword,
  isWrongCredentials,
  profileOf,
  refreshSession,
  register,
  resendActivationEmail,
  resetPassword,
  sendResetPasswordLink,
  signIn,
  updateProfile,
  verifyRegistration,
} from './service.ts';

const tags = ['account'];

/** The account calls of PRODUCT.md sections 4-5 (django-rest-framework-jwt and rest-registration shapes). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  // Failed sign-ins: few per e-mail from one address (a stranger's guesses), many more from anywhere.
  const signInFailuresFromAddress = app.limitFailures(
    'sign-in-email-address',
    limits.signInPerEmail,
    byEmailAndAddress,
  );
  const signInFailuresAnywhere = app.limitFailures('sign-in-email', limits.signInFailuresPerEmail, byEmail);
  const signedIn = (user: AuthUser | null): AuthUser => {
    // The route's onRequest guard has run; a missing user here would be a wiring mistake.
    if (!user) throw new Error('authenticate did not run');
    return user;
  };
  const signedInIdentity = (request: FastifyRequest): Identity => {
    if (!request.identity) throw new Error('authenticate did not run');
    return request.identity;
  };

  app.post(
    apiPaths.tokenAuth,
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail (or username) and password; JSON or form-encoded',
        body: tokenAuthRequest,
        response: { 200: tokenResponse },
      },
      preValidation: [
        app.limitRequests('sign-in-address', limits.signInPerIp, byAddress),
        signInFailuresFromAddress.guard,
        signInFailuresAnywhere.guard,
      ],
    },
    async (request) => {
      try {
        return presentSession(await signIn(app, request.body.email, request.body.password, request.language));
      } catch (error) {
        // Only wrong guesses count: an owner's own sign-ins, on any number of devices, never lock them out.
        if (isWrongCredentials(error)) {
          await signInFailuresFromAddress.recordFailure(request);
          await signInFailuresAnywhere.recordFailure(request);
        }
        throw error;
      }
    },
  );

  app.post(
    apiPaths.tokenRefresh,
    {
      schema: {
        tags,
        summary: 'Exchange a valid token for a new one, within the refresh window',
        body: tokenRefreshRequest,
        response: { 200: tokenResponse },
      },
    },
    async (request) => presentSession(await refreshSession(app, request.body.token)),
  );

  app.post(
    apiPaths.register,
    {
      schema: {
        tags,
        summary: 'Register a press account (inactive until the e-mail link is followed)',
        body: registerRequest,
        response: { 201: registerResponse },
      },
      preValidation: [app.limitRequests('register', limits.registerPerIp, byAddress)],
    },
    async (request, reply) => {
      const user = await register(app, request.body, { site: request.site, language: request.language });
      return reply.code(201).send(presentRegistered(user));
    },
  );

  app.post(
    apiPaths.verifyRegistration,
    {
      schema: {
        tags,
        summary: 'Follow the verification link of the registration mail',
        body: verifyRegistrationRequest,
        response: { 200: detailResponse },
      },
    },
    async (request) => ({ detail: request.t(await verifyRegistration(app, request.body, request.site)) }),
  );

  app.post(
    apiPaths.resendActivationEmail,
    {
      schema: {
        tags,
        summary: 'Send a new verification link (same answer whether or not the address is known)',
        body: emailOnlyRequest,
        response: { 200: detailResponse },
      },
      preValidation: [
        app.limitRequests('mail-address', limits.mailPerIp, byAddress),
        app.limitRequests('activation-email', limits.mailPerEmail, byEmail),
      ],
    },
    async (request) => {
      await resendActivationEmail(app, request.body.email, request.site);
      return { detail: request.t('activationEmailSent') };
    },
  );

  app.post(
    apiPaths.sendResetPasswordLink,
    {
      schema: {
        tags,
        summary:
          'Mail a password reset link (same answer whether or not the address is known); `login` is taken for `email`',
        body: resetLinkRequest,
        response: { 200: detailResponse },
      },
      preValidation: [
        app.limitRequests('mail-address', limits.mailPerIp, byAddress),
        app.limitRequests('reset-email', limits.mailPerEmail, byEmail),
      ],
    },
    async (request) => {
      await sendResetPasswordLink(app, request.body.email, request.site);
      return { detail: request.t('resetLinkSent') };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link (works once, for a day)',
        body: resetPasswordRequest,
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await resetPassword(app, request.body, request.body.password);
      return { detail: request.t('passwordResetDone') };
    },
  );

  app.post(
    apiPaths.changePassword,
    {
      schema: {
        tags,
        summary: 'Change the password; earlier tokens stop working and a fresh one is returned',
        body: changePasswordRequest,
        response: { 200: changePasswordResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const user = signedIn(request.user);
      const session = await changePassword(app, user.id, request.body.old_password, request.body.password);
      return { detail: request.t('passwordChanged'), token: session.token };
    },
  );

  app.get(
    apiPaths.profile,
    {
      schema: {
        tags,
        summary: 'The signed-in user and their press data',
        response: { 200: profileResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      // The identity authentication just loaded: the profile presents the same user, no second lookup.
      const { identity, consent, consentRequired } = await profileOf(app, signedInIdentity(request));
      return presentProfile(identity, consent, consentRequired);
    },
  );

  app.patch(
    apiPaths.profile,
    {
      schema: {
        tags,
        summary: 'Edit the name, language and press data (e-mail, id and groups are read-only)',
        body: profileUpdateRequest,
        response: { 200: profileResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { identity, consent, consentRequired } = await updateProfile(
        app,
        signedIn(request.user).id,
        request.body,
      );
      return presentProfile(identity, consent, consentRequired);
    },
  );

  // ------------------------------------------------------------------------- privacy (PRODUCT.md 8)

  app.post(
    apiPaths.consent,
    {
      schema: {
        tags,
        summary: 'Accept the current privacy notice (recorded with the time, site, version and language)',
        body: consentRequest,
        response: { 200: consentResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const recorded = await recordConsent(
        app,
        signedIn(request.user).id,
        { site: request.site, language: request.language },
        request.body.version,
      );
      return {
        detail: request.t('consentRecorded'),
        consent: presentConsent(recorded.consent),
        user: presentSessionUser(recorded.identity, recorded.consentRequired),
      };
    },
  );

  app.get(
    apiPaths.profileExport,
    {
      schema: {
        tags,
        summary: 'Download everything kept about the signed-in user, as a JSON file',
        response: { 200: accountExportSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const user = signedIn(request.user);
      const now = app.clock.now();
      const data = await collectAccountData(app, user.id);
      const day = now.toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="press-room-data-${user.id}-${day}.json"`)
        .header('cache-control', 'no-store');
      return presentExport(data, now, privacyNoticeVersion);
    },
  );

  app.delete(
    apiPaths.profile,
    {
      schema: {
        tags,
        summary: 'Delete the own account and its data, confirming the current password',
        body: deleteAccountRequest,
        response: { 200: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      await deleteAccount(app, signedIn(request.user).id, request.body.password);
      return { detail: request.t('accountDeleted') };
    },
  );
};
