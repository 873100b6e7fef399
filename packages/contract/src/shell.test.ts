import { describe, expect, it } from 'vitest';
import { formatShellLook, parseShellLook, type ShellLook, shellLookFromCookies } from './shell.ts';

const arabicDark: ShellLook = {
  language: 'ar',
  direction: 'rtl',
  bar: '272727',
  page: '121212',
  side: '121212',
  sideWidth: 64,
};

describe('the shell look cookie', () => {
  it('reads back what it wrote', () => {
    expect(formatShellLook(arabicDark)).toBe('v1.ar.rtl.272727.121212.121212.64');
    expect(parseShellLook(formatShellLook(arabicDark))).toEqual(arabicDark);
  });

  it('refuses a missing value, another version and a wrong number of parts', () => {
    expect(parseShellLook(undefined)).toBeNull();
    expect(parseShellLook('')).toBeNull();
    expect(parseShellLook('v2.ar.rtl.272727.121212.121212.64')).toBeNull();
    expect(parseShellLook('v1.ar.rtl.272727.121212.121212')).toBeNull();
    expect(parseShellLook('v1.ar.rtl.272727.121212.121212.64.1')).toBeNull();
  });

  it('refuses any part that is not valid, so nothing foreign reaches the page', () => {
    expect(parseShellLook('v1.xx.rtl.272727.121212.121212.64')).toBeNull();
    expect(parseShellLook('v1.ar.up.272727.121212.121212.64')).toBeNull();
    expect(parseShellLook('v1.ar.rtl.27272g.121212.121212.64')).toBeNull();
    expect(parseShellLook('v1.ar.rtl.272727.red;}body{x.121212.64')).toBeNull();
    expect(parseShellLook('v1.ar.rtl.272727.121212.121212.6.5')).toBeNull();
    expect(parseShellLook('v1.ar.rtl.272727.121212.121212.4000')).toBeNull();
    expect(parseShellLook('v1.ar.rtl.272727.121212.121212.abc')).toBeNull();
  });

  it('finds the look among other cookies, and nothing in a cookie of a similar name', () => {
    const value = formatShellLook(arabicDark);
    expect(shellLookFromCookies(`theme=x; pressroom_shell=${value}; other=1`)).toEqual(arabicDark);
    expect(shellLookFromCookies(`pressroom_shell=${value}`)).toEqual(arabicDark);
    expect(shellLookFromCookies(`old_pressroom_shell=${value}`)).toBeNull();
    expect(shellLookFromCookies(undefined)).toBeNull();
  });
});
