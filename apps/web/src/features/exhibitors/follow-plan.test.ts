import type { MyAlertSubscription } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { planFollow, planUnfollow } from './follow-plan.ts';

type Subscription = NonNullable<MyAlertSubscription['subscription']>;

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  email: 'anna@giornale.test',
  site: 1,
  site_name: 'Tile Fair',
  languages: ['it', 'en'],
  companies: [{ id: 7, name: 'Porcellane Zeta' }],
  brands: [],
  frequency: 'daily',
  embargoed_early: true,
  status: 'active',
  confirmed_at: '2026-09-01T10:00:00.000Z',
  manage_token: 'token',
  ...overrides,
});

const account = { email: 'anna@giornale.test', language: 'fr' };

describe('following an exhibitor through e-mail alerts', () => {
  it('subscribes a reader with no subscription to that company, in their language first', () => {
    expect(planFollow(null, 3, account)).toEqual({
      kind: 'subscribe',
      body: {
        email: 'anna@giornale.test',
        languages: ['fr', 'en', 'it', 'es', 'de', 'he', 'ar'],
        companies: [3],
        brands: [],
        frequency: 'each',
        embargoed_early: false,
      },
    });
  });

  it('adds the company to an active subscription, keeping the others', () => {
    expect(planFollow(subscription(), 3, account)).toEqual({
      kind: 'update',
      token: 'token',
      body: { companies: [7, 3] },
    });
  });

  it('activates a subscription waiting for its link with its choices and the company', () => {
    expect(
      planFollow(subscription({ status: 'pending', brands: [{ id: 2, name: 'Lastra' }] }), 3, account),
    ).toEqual({
      kind: 'subscribe',
      body: {
        email: 'anna@giornale.test',
        languages: ['it', 'en'],
        companies: [7, 3],
        brands: [2],
        frequency: 'daily',
        embargoed_early: true,
      },
    });
  });

  it('leaves a subscription to every release as it is', () => {
    expect(planFollow(subscription({ companies: [] }), 3, account)).toEqual({ kind: 'coveredByAll' });
  });

  it('unfollows by taking the company out, or unsubscribes when nothing else is followed', () => {
    const two = subscription({
      companies: [
        { id: 7, name: 'Zeta' },
        { id: 3, name: 'Emilia' },
      ],
    });
    expect(planUnfollow(two, 3)).toEqual({ kind: 'update', token: 'token', body: { companies: [7] } });
    expect(planUnfollow(subscription(), 7)).toEqual({ kind: 'unsubscribe', token: 'token' });
    expect(planUnfollow(subscription({ brands: [{ id: 2, name: 'Lastra' }] }), 7)).toEqual({
      kind: 'update',
      token: 'token',
      body: { companies: [] },
    });
    expect(planUnfollow(null, 7)).toBeNull();
  });
});
