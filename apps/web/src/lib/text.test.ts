import { describe, expect, it } from 'vitest';
import { browserLanguage } from './i18n/languages.ts';
import { safeRedirect, sidebarLabelLength, truncate } from './text.ts';

describe('sidebar labels', () => {
  it('are cut at 18 characters with an ellipsis', () => {
    expect(sidebarLabelLength).toBe(18);
    expect(truncate('International magazines', 18)).toBe('International maga…');
    expect(truncate('Press kit', 18)).toBe('Press kit');
    expect(truncate('exactly eighteen!!', 18)).toBe('exactly eighteen!!');
  });
});

describe('redirect after sign-in', () => {
  it('accepts paths of this app only', () => {
    expect(safeRedirect('/account/user-profile?tab=press')).toBe('/account/user-profile?tab=press');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('browser language', () => {
  it('uses the first supported browser language, else English', () => {
    expect(browserLanguage(['de-CH', 'en'])).toBe('de');
    expect(browserLanguage(['pt-BR', 'ar-EG'])).toBe('ar');
    expect(browserLanguage(['iw'])).toBe('he');
    expect(browserLanguage(['ja', 'zh'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
