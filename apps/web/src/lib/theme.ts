import type { EmotionCache } from '@emotion/cache';
import createCache from '@emotion/cache';
import { arSA, deDE, enUS, esES, frFR, heIL, itIT, type Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from './i18n/languages.ts';
import type { ThemeName } from './settings.ts';

/** Sidebar widths and the mobile breakpoint of the specification (section 9). */
export const layout = { sidebarWidth: 250, miniSidebarWidth: 70, mobileBreakpoint: 769 } as const;

// Colours chosen for at least 4.5:1 contrast with white text (WCAG 2.2 AA).
const palettes: Record<ThemeName, { primary: string; secondary: string }> = {
  ceramic: { primary: '#1f4e79', secondary: '#8a4b16' },
  terracotta: { primary: '#a03f22', secondary: '#35586b' },
  majolica: { primary: '#0d5f73', secondary: '#8c5a00' },
  slate: { primary: '#3b4a5a', secondary: '#7a3f6e' },
  olive: { primary: '#4b5f1f', secondary: '#7b3b2e' },
  plum: { primary: '#6a2c70', secondary: '#2f5d50' },
};

const darkText = 'rgba(0, 0, 0, 0.87)';
/** At least 4.5:1 with dark text on them, and as text on dark surfaces up to a dialog's (#3d3d3d). */
const darkStatusColours = {
  error: { main: '#f28b82', contrastText: darkText },
  warning: { main: '#ffb74d', contrastText: darkText },
  info: { main: '#4fc3f7', contrastText: darkText },
  success: { main: '#81c784', contrastText: darkText },
};

/** The colour shown for a theme in the customizer. */
export function themeSwatch(name: ThemeName): string {
  return palettes[name].primary;
}

/**
 * MUI's own words per language: the pager's and the tables' page buttons, the autocomplete's, an alert's close
 * button, the breadcrumbs' and the rating's. (MUI has no British English: its English is enUS.)
 */
const muiLocales: Record<Language, Localization> = {
  en: enUS,
  it: itIT,
  fr: frFR,
  es: esES,
  de: deDE,
  he: heIL,
  ar: arSA,
};

export function buildTheme(options: {
  direction: 'ltr' | 'rtl';
  dark: boolean;
  name: ThemeName;
  language: Language;
}): Theme {
  const palette = palettes[options.name];
  return createTheme(
    {
      direction: options.direction,
      palette: {
        mode: options.dark ? 'dark' : 'light',
        primary: { main: options.dark ? lighten(palette.primary) : palette.primary },
        secondary: { main: options.dark ? lighten(palette.secondary) : palette.secondary },
        background: options.dark ? {} : { default: '#f5f6f8' },
        // MUI's light warning and info colours are below 4.5:1 with white text (filled chips and alerts); its
        // dark status colours (#f44336 for errors) are below 4.5:1 both with white text (a contained "Delete"
        // button) and as text on a dialog's lighter surface: pale tones with dark text instead.
        ...(options.dark ? darkStatusColours : { warning: { main: '#9a5200' }, info: { main: '#01579b' } }),
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily:
          'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", Arial, sans-serif',
        h1: { fontSize: '1.75rem', fontWeight: 600 },
        h2: { fontSize: '1.35rem', fontWeight: 600 },
        h3: { fontSize: '1.15rem', fontWeight: 600 },
      },
      breakpoints: { values: { xs: 0, sm: 600, md: layout.mobileBreakpoint, lg: 1200, xl: 1536 } },
      components: {
        // Capitals would turn "785 bytes" into "785 BYTES" and "kB" into "KB" and do not exist in Hebrew or Arabic.
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { textTransform: 'none' } },
        },
        MuiLink: { defaultProps: { underline: 'always' } },
      },
    },
    muiLocales[options.language],
  );
}

/** A light version of a colour for dark mode, keeping contrast with the dark background. */
function lighten(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (255 - c) * 0.55);
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | null = null;

/** Loads the right-to-left style cache (flips left and right in every style) before he or ar is shown. */
export async function loadRtlCache(): Promise<void> {
  if (rtlCache) return;
  const [{ prefixer }, { default: rtlPlugin }] = await Promise.all([
    import('stylis'),
    import('stylis-plugin-rtl'),
  ]);
  rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
}

export function emotionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  return direction === 'rtl' && rtlCache ? rtlCache : ltrCache;
}
