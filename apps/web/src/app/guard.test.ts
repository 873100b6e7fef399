import { describe, expect, it } from 'vitest';
import { decideNavigation, mayOpenScreen } from './guard.ts';

const now = Date.UTC(2026, 5, 1, 9, 0, 0);

function tokenExpiringAt(milliseconds: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ user_id: 7, exp: Math.floor(milliseconds / 1000) })}.sig`;
}

const valid = tokenExpiringAt(now + 30 * 60_000);
const expired = tokenExpiringAt(now - 1000);
const profile = { routeName: 'UserProfile', requiresAuth: true, wanted: '/account/user-profile', now };

describe('route guard', () => {
  it('sends a visitor without a token from a login-required route to Home with the wanted path', () => {
    expect(decideNavigation({ ...profile, token: null })).toEqual({
      redirectTo: '/home?redirect=%2Faccount%2Fuser-profile',
      logout: false,
      refresh: false,
    });
  });

  it('treats an empty token as no token', () => {
    expect(decideNavigation({ ...profile, token: '' }).redirectTo).toBe(
      '/home?redirect=%2Faccount%2Fuser-profile',
    );
  });

  it('logs out an expired token and redirects the same way', () => {
    expect(decideNavigation({ ...profile, token: expired })).toEqual({
      redirectTo: '/home?redirect=%2Faccount%2Fuser-profile',
      logout: true,
      refresh: false,
    });
  });

  it('lets a valid token through and refreshes it', () => {
    expect(decideNavigation({ ...profile, token: valid })).toEqual({
      redirectTo: null,
      logout: false,
      refresh: true,
    });
  });

  it('always lets UserPrivacy through, although it is flagged login-required', () => {
    const privacy = { routeName: 'UserPrivacy', requiresAuth: true, wanted: '/account/user-privacy', now };
    expect(decideNavigation({ ...privacy, token: null }).redirectTo).toBeNull();
  });

  it('keeps the query of the wanted path in the redirect', () => {
    const wanted = '/press-gallery?category=3';
    expect(decideNavigation({ ...profile, wanted, token: null }).redirectTo).toBe(
      '/home?redirect=%2Fpress-gallery%3Fcategory%3D3',
    );
  });

  it('lets anyone open a public route and logs out an expired token there without redirecting', () => {
    const home = { routeName: 'Home', requiresAuth: false, wanted: '/home', now };
    expect(decideNavigation({ ...home, token: null })).toEqual({
      redirectTo: null,
      logout: false,
      refresh: false,
    });
    expect(decideNavigation({ ...home, token: expired })).toEqual({
      redirectTo: null,
      logout: true,
      refresh: false,
    });
    expect(decideNavigation({ ...home, token: valid }).refresh).toBe(true);
  });

  it('treats a token without a readable expiry as expired', () => {
    expect(decideNavigation({ ...profile, token: 'not-a-jwt' }).logout).toBe(true);
  });
});

describe('screens asking for a permission', () => {
  it('shows the screen to a signed-in user holding one of its permissions', () => {
    expect(
      mayOpenScreen(['press_area.access'], { permissions: ['press_area.access', 'magazine.manage'] }),
    ).toBe(true);
  });

  it('refuses it to a signed-in user holding none of them', () => {
    expect(mayOpenScreen(['press_area.access'], { permissions: ['company.manage', 'company.import'] })).toBe(
      false,
    );
  });

  it('leaves screens without permissions, and visitors, to the route guard', () => {
    expect(mayOpenScreen(undefined, { permissions: [] })).toBe(true);
    expect(mayOpenScreen(['press_area.access'], null)).toBe(true);
  });
});
