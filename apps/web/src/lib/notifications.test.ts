import { describe, expect, it } from 'vitest';
import { notificationDuration } from './notifications.ts';

describe('notification duration', () => {
  it('keeps errors until the user closes them', () => {
    expect(notificationDuration({ severity: 'error', message: 'Credenziali Errate' })).toBeNull();
  });

  it('lets a short success such as the sign-in message leave after 3 s', () => {
    expect(notificationDuration({ severity: 'success', message: 'Login avvenuto con successo!' })).toBe(3000);
  });

  it('gives longer messages reading time, up to 6 s', () => {
    expect(notificationDuration({ severity: 'info', message: 'x'.repeat(60) })).toBe(4500);
    expect(notificationDuration({ severity: 'success', message: 'x'.repeat(400) })).toBe(6000);
  });
});
