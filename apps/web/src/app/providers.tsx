import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { defaultLanguage } from '@pressroom/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n/index.ts';
import { isLanguage, isRtl } from '../lib/i18n/languages.ts';
import { queryClient } from '../lib/query-client.ts';
import { useDarkMode, useUiSettings } from '../lib/settings.ts';
import { buildTheme, emotionCache } from '../lib/theme.ts';

/**
 * MUI theme and emotion cache follow the right-to-left setting, which follows the language (he and ar) unless
 * the customizer's switch chose otherwise.
 */
function DirectionalTheme({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const settings = useUiSettings();
  const dark = useDarkMode();
  const languageRtl = isLanguage(instance.language) && isRtl(instance.language);
  const direction = (settings.rtlLayout ?? languageRtl) ? 'rtl' : 'ltr';
  const language = isLanguage(instance.language) ? instance.language : defaultLanguage;
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);
  const theme = useMemo(
    () => buildTheme({ direction, dark, name: settings.theme, language }),
    [direction, dark, settings.theme, language],
  );
  return (
    <CacheProvider value={emotionCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DirectionalTheme>{children}</DirectionalTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
