import type { SessionUser } from '@pressroom/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from './session.ts';
import { uiSettings } from './settings.ts';
import { guidedTour } from './tour.ts';

const user = {
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  groups: [],
} as unknown as SessionUser;

describe('guided tour', () => {
  afterEach(() => {
    session.signOut();
    guidedTour.close();
    uiSettings.update({ tourSeen: false });
  });

  it('opens by itself at the first sign-in in this browser', () => {
    expect(guidedTour.isOpen()).toBe(false);
    session.signIn('token', user);
    expect(guidedTour.isOpen()).toBe(true);
  });

  it('does not open by itself once it was closed, but can be restarted', () => {
    guidedTour.start();
    guidedTour.close();
    expect(uiSettings.get().tourSeen).toBe(true);
    session.signIn('token', user);
    expect(guidedTour.isOpen()).toBe(false);
    guidedTour.start();
    expect(guidedTour.isOpen()).toBe(true);
  });

  it('does not open again when a refreshed token replaces the old one', () => {
    session.signIn('token', user);
    guidedTour.close();
    uiSettings.update({ tourSeen: false });
    session.replaceToken('fresh', user);
    expect(guidedTour.isOpen()).toBe(false);
  });

  it('waits while the user must accept the privacy notice again, and shows once the consent is recorded', () => {
    session.signIn('token', { ...user, consent_required: true });
    expect(guidedTour.isOpen()).toBe(true);
    expect(guidedTour.isShown()).toBe(false);
    session.updateUser({ ...user, consent_required: false });
    expect(guidedTour.isShown()).toBe(true);
  });
});
