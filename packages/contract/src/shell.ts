import { type Language, languages } from './enums.ts';

/**
 * The look of the page painted before the JavaScript runs (index.html's static shell), as the web app last
 * painted it in this browser: the server serves index.html in that language, direction and those colours,
 * so a right-to-left or dark interface does not start left-to-right and light. Kept in a cookie because the
 * server cannot read the browser's storage.
 */
export interface ShellLook {
  language: Language;
  direction: 'ltr' | 'rtl';
  /** Colours as six hex digits without '#': header bar, page background, sidebar. */
  bar: string;
  page: string;
  side: string;
  /** The sidebar's width in pixels on wide screens (narrower when collapsed). */
  sideWidth: number;
}

export const shellCookieName = 'pressroom_shell';
const shellCookie = new RegExp(`(?:^|;\\s*)${shellCookieName}=([^;]*)`);
const version = 'v1';
const hexColour = /^[0-9a-f]{6}$/;

/** The cookie's value: `v1.<language>.<direction>.<bar>.<page>.<side>.<width>`. */
export function formatShellLook(look: ShellLook): string {
  return [version, look.language, look.direction, look.bar, look.page, look.side, look.sideWidth].join('.');
}

/** The look in a cookie's value; null when it is missing, of another version, or anything is not valid. */
export function parseShellLook(value: string | undefined | null): ShellLook | null {
  const parts = value?.split('.') ?? [];
  if (parts.length !== 7 || parts[0] !== version) return null;
  const [, language, direction, bar, page, side, width] = parts as [string, ...string[]];
  const sideWidth = Number(width);
  if (!(languages as readonly string[]).includes(language as string)) return null;
  if (direction !== 'ltr' && direction !== 'rtl') return null;
  if (![bar, page, side].every((colour) => hexColour.test(colour ?? ''))) return null;
  if (!Number.isInteger(sideWidth) || sideWidth < 40 || sideWidth > 400) return null;
  return {
    language: language as Language,
    direction,
    bar: bar as string,
    page: page as string,
    side: side as string,
    sideWidth,
  };
}

/** The look in a Cookie header or `document.cookie` (other cookies ignored); null as for parseShellLook. */
export function shellLookFromCookies(cookies: string | undefined | null): ShellLook | null {
  return parseShellLook(shellCookie.exec(cookies ?? '')?.[1]);
}
