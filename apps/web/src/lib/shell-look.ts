import { formatShellLook, type ShellLook, shellCookieName, shellLookFromCookies } from '@pressroom/contract';
import { sidebarId } from '../config/sidebar-id.ts';
import { isLanguage } from './i18n/languages.ts';

/** `rgb(31, 78, 121)` as `1f4e79`; null for a colour that is not opaque (nothing painted there). */
export function opaqueHex(cssColour: string): string | null {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(cssColour.trim());
  if (!match || (match[4] !== undefined && Number(match[4]) < 1)) return null;
  return match
    .slice(1, 4)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('');
}

function backgroundOf(element: Element | null | undefined): string | null {
  return element ? opaqueHex(getComputedStyle(element).backgroundColor) : null;
}

/**
 * Remembers how the main layout looks now (language, direction, header, page and sidebar colours, sidebar
 * width) in the shell cookie, so that the page the server paints first on the next visit looks the same.
 * Reads what was painted rather than recomputing the theme, so header filters, dark mode, themes and the
 * sidebar image are all covered. Phones show no sidebar: its last known colour (else the page's) is kept.
 */
export function rememberShellLook(sideWidth: number): void {
  const root = document.documentElement;
  const page = backgroundOf(document.body);
  const bar = backgroundOf(document.querySelector('header.MuiAppBar-root'));
  if (!isLanguage(root.lang) || !page || !bar) return;
  const nav = document.getElementById(sidebarId);
  const side =
    backgroundOf(nav) ??
    backgroundOf(nav?.parentElement) ??
    shellLookFromCookies(document.cookie)?.side ??
    page;
  const look: ShellLook = {
    language: root.lang,
    direction: root.dir === 'rtl' ? 'rtl' : 'ltr',
    bar,
    page,
    side,
    sideWidth,
  };
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // The Cookie Store API is not in every browser the press room supports; the value is validated ASCII.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${shellCookieName}=${formatShellLook(look)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
