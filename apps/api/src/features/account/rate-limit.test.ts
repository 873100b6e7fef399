import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { createUser } from '../../test-support/factories.ts';
import { registrationBody } from './test-helpers.ts';

describe('rate limits of the account calls', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({
      config: {
        mailPollInterval: 0,
        rateLimits: {
          signInPerIp: { max: 3, windowSeconds: 60 },
          signInPerEmail: { max: 2, windowSeconds: 900 },
          signInFailuresPerEmail: { max: 4, windowSeconds: 900 },
          contactPerUser: { max: 2, windowSeconds: 3600 },
          contactPerIp: { max: 3, windowSeconds: 3600 },
          doorUnknownBadgesPerUser: { max: 3, windowSeconds: 3600 },
          registerPerIp: { max: 1, windowSeconds: 3600 },
          mailPerIp: { max: 5, windowSeconds: 3600 },
          mailPerEmail: { max: 1, windowSeconds: 3600 },
        },
      },
    });
  });
  afterAll(() => harness.close());

  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

  it('throttles sign-in per address with Retry-After and a translated message, until the window ends', async () => {
    const attempts = ['a@example.test', 'b@example.test', 'c@example.test'];
    for (const email of attempts) {
      expect((await post(apiPaths.tokenAuth, { email, password: 'x' }, '10.0.0.1')).statusCode).toBe(400);
    }
    const throttled = await post(apiPaths.tokenAuth, { email: 'd@example.test', password: 'x' }, '10.0.0.1', {
      'accept-language': 'it',
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    expect(throttled.json()).toEqual({ detail: 'Troppe richieste. Riprova tra 60 secondi.' });

    // Another address is not affected.
    expect(
      (await post(apiPaths.tokenAuth, { email: 'e@example.test', password: 'x' }, '10.0.0.2')).statusCode,
    ).toBe(400);

    harness.clock.advance(45);
    const later = await post(apiPaths.tokenAuth, { email: 'f@example.test', password: 'x' }, '10.0.0.1');
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('15');
    harness.clock.advance(15);
    expect(
      (await post(apiPaths.tokenAuth, { email: 'g@example.test', password: 'x' }, '10.0.0.1')).statusCode,
    ).toBe(400);
  });

  it('counts failed sign-ins per e-mail and address: a stranger is stopped, the owner still signs in', async () => {
    const user = await createUser(harness.app, { email: 'target@example.test' });
    await post(apiPaths.tokenAuth, { email: user.email, password: 'Guess_1' }, '10.1.0.1');
    await post(apiPaths.tokenAuth, { username: 'TARGET@example.test', password: 'Guess_2' }, '10.1.0.1');
    const throttled = await post(
      apiPaths.tokenAuth,
      { email: user.email, password: user.password },
      '10.1.0.1',
    );
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: 'Request was throttled. Expected available in 900 seconds.' });
    expect(Number(throttled.headers['retry-after'])).toBe(900);
    // The owner, from their own address, is not locked out by the stranger.
    const owner = await post(apiPaths.tokenAuth, { email: user.email, password: user.password }, '10.1.0.9');
    expect(owner.statusCode).toBe(200);
  });

  it('never counts successful sign-ins: one journalist on two sites and two devices', async () => {
    const user = await createUser(harness.app, { email: 'busy@example.test' });
    const statuses: number[] = [];
    // Two sign-ins from each of three addresses (the per-address limit counts every attempt: 3 a minute here).
    for (const address of ['10.5.0.1', '10.5.0.1', '10.5.0.2', '10.5.0.2', '10.5.0.3', '10.5.0.3']) {
      const response = await post(
        apiPaths.tokenAuth,
        { email: user.email, password: user.password },
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('stops guesses spread over many addresses at the higher per-e-mail ceiling', async () => {
    const user = await createUser(harness.app, { email: 'spread@example.test' });
    for (const address of ['10.6.0.1', '10.6.0.2', '10.6.0.3', '10.6.0.4']) {
      expect(
        (await post(apiPaths.tokenAuth, { email: user.email, password: 'Guess' }, address)).statusCode,
      ).toBe(400);
    }
    const fifth = await post(apiPaths.tokenAuth, { email: user.email, password: user.password }, '10.6.0.5');
    expect(fifth.statusCode).toBe(429);
  });

  it('throttles registration per address', async () => {
    const first = await post(apiPaths.register, registrationBody({ email: 'one@example.test' }), '10.2.0.1');
    expect(first.statusCode).toBe(201);
    const second = await post(apiPaths.register, registrationBody({ email: 'two@example.test' }), '10.2.0.1');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('3600');
  });

  it('throttles both "send a link" calls per e-mail, so nobody can flood a mailbox', async () => {
    await createUser(harness.app, { email: 'mailbox@example.test' });
    expect(
      (await post(apiPaths.sendResetPasswordLink, { email: 'mailbox@example.test' }, '10.3.0.1')).statusCode,
    ).toBe(200);
    const again = await post(apiPaths.sendResetPasswordLink, { email: 'Mailbox@example.test' }, '10.3.0.2');
    expect(again.statusCode).toBe(429);
    expect(
      (await post(apiPaths.resendActivationEmail, { email: 'mailbox@example.test' }, '10.3.0.3')).statusCode,
    ).toBe(200);
    expect(
      (await post(apiPaths.resendActivationEmail, { email: 'mailbox@example.test' }, '10.3.0.4')).statusCode,
    ).toBe(429);
  });

  it('throttles the "send a link" calls per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const call = index % 2 === 0 ? apiPaths.sendResetPasswordLink : apiPaths.resendActivationEmail;
      statuses.push((await post(call, { email: `someone${index}@example.test` }, '10.4.0.1')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
