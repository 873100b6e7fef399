import {
  apiPaths,
  changePasswordRequest,
  changePasswordResponse,
  detailResponse,
  emailOnlyRequest,
  profileResponse,
  profileUpdateRequest,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  tokenAuthRequest,
  tokenRefreshRequest,
  tokenResponse,
  verifyRegistrationRequest,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '../../lib/identity.ts';
import { byAddress, byEmail } from '../../plugins/rate-limit.ts';
import { presentProfile, presentRegistered, presentSession } from './presenters.ts';
import {
  changePassword,
  loadProfile,
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
  const signedIn = (user: AuthUser | null): AuthUser => {
    // The route's onRequest guard has run; a missing user here would be a wiring mistake.
    if (!user) throw new Error('authenticate did not run');
    return user;
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
        app.limitRequests('sign-in-email', limits.signInPerEmail, byEmail),
      ],
    },
    async (request) => presentSession(await signIn(app, request.body.email, request.body.password)),
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
    async (request) => ({ detail: request.t(await verifyRegistration(app, request.body)) }),
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
        summary: 'Mail a password reset link (same answer whether or not the address is known)',
        body: emailOnlyRequest,
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
      const { identity, consent } = await loadProfile(app, signedIn(request.user).id);
      return presentProfile(identity, consent);
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
      const { identity, consent } = await updateProfile(app, signedIn(request.user).id, request.body);
      return presentProfile(identity, consent);
    },
  );
};
