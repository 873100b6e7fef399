import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/app.ts';
import { authHeader, createUser, tokenFor } from './test-support/factories.ts';

/**
 * Every call that changes something checks who is asking before it reads what they sent: an anonymous caller
 * learns nothing about the body or path rules (401, not 400), and a signed-in user without the right gets 403.
 * The calls are read from the OpenAPI description, so a route added later is covered without editing here.
 */

/** Calls anyone may make without signing in. */
const publicCalls = new Set([
  'POST /api/account/token-auth/',
  'POST /api/account/token-refresh/',
  'POST /api/account/register/',
  'POST /api/account/verify-registration/',
  'POST /api/account/resend-activation-email/',
  'POST /api/account/send-reset-password-link/',
  'POST /api/account/reset-password/',
  'POST /api/error_reports/',
  // E-mail alerts: subscribing is for anyone; the mailed token, not a sign-in, opens a subscription.
  'POST /api/alerts/subscriptions/',
  'POST /api/alerts/confirm/',
  'PATCH /api/alerts/manage/{token}/',
  'POST /api/alerts/unsubscribe/{token}/',
  // The press office's mail: withdrawn in one click by the token of a mail, without signing in.
  'POST /api/press_mail/withdraw/{token}/',
  // A play of a video counted for whoever may watch it: anyone, when its release is public.
  'POST /api/videos/{id}/plays/',
]);

/** Calls every signed-in user may make about their own account: for them, a bad body is a 400. */
const ownAccountCalls = new Set([
  'POST /api/account/change-password/',
  'PATCH /api/account/profile/',
  'DELETE /api/account/profile/',
  'POST /api/account/consent/',
  'PUT /api/account/press_mail/',
]);

let ctx: Awaited<ReturnType<typeof createTestApp>>;
/** Each changing call with its path parameters filled with a value no route accepts. */
let changingCalls: { method: string; url: string; name: string }[];

beforeAll(async () => {
  ctx = await createTestApp();
  const description = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = description.json().paths as Record<string, Record<string, unknown>>;
  changingCalls = Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      .map((method) => ({ method, url: path.replace(/\{\w+\}/g, 'not-an-id'), name: `${method} ${path}` })),
  );
});
afterAll(async () => ctx.close());

/** A JSON body no schema of this API accepts (every body is an object). */
const invalidBody = '["not", "an", "object"]';

async function send(call: { method: string; url: string }, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({
    method: call.method as 'POST',
    url: call.url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: invalidBody,
  });
  return response.statusCode;
}

describe('authorization comes before body validation', () => {
  it('reads the calls from the OpenAPI description, the public ones included', () => {
    const names = changingCalls.map((call) => call.name);
    expect(names.length).toBeGreaterThan(40);
    for (const name of [...publicCalls, ...ownAccountCalls]) expect(names).toContain(name);
  });

  it('answers an anonymous invalid request to every protected call with 401', async () => {
    const answers: Record<string, number> = {};
    for (const call of changingCalls) {
      if (!publicCalls.has(call.name)) answers[call.name] = await send(call);
    }
    const wrong = Object.entries(answers).filter(([, status]) => status !== 401);
    expect(wrong).toEqual([]);
  });

  it('answers an invalid request from a user without the right with 403', async () => {
    const user = await createUser(ctx.app, { roles: [] });
    const headers = authHeader(await tokenFor(ctx.app, user));
    const answers: Record<string, number> = {};
    for (const call of changingCalls) {
      if (!publicCalls.has(call.name) && !ownAccountCalls.has(call.name)) {
        answers[call.name] = await send(call, headers);
      }
    }
    const wrong = Object.entries(answers).filter(([, status]) => status !== 403);
    expect(wrong).toEqual([]);
  });
});
