import Pagination from '@mui/material/Pagination';
import { getContrastRatio, ThemeProvider } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from './i18n/languages.ts';
import { buildTheme } from './theme.ts';

/** The pager of Home (three pages, on the first), as the theme of the language renders it. */
function pagerLabels(language: Language): string[] {
  const theme = buildTheme({ direction: 'ltr', dark: false, name: 'ceramic', language });
  const markup = renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <Pagination count={3} page={1} />
    </ThemeProvider>,
  );
  return [...markup.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1] ?? '');
}

describe("MUI's own words in the theme of each language", () => {
  it('reads the pager in Italian', () => {
    expect(pagerLabels('it')).toEqual([
      'Navigazione impaginata',
      'Vai alla pagina precedente',
      'pagina 1',
      'Vai alla pagina 2',
      'Vai alla pagina 3',
      'Vai alla pagina successiva',
    ]);
  });

  it('reads the pager in Arabic', () => {
    expect(pagerLabels('ar')).toEqual([
      'التنقل عبر الصفحات',
      'الانتقال إلى الصفحة السابقة',
      ' صفحة 1',
      'الانتقال إلى  صفحة 2',
      'الانتقال إلى  صفحة 3',
      'الانتقال إلى الصفحة التالية',
    ]);
  });

  it('reads the pager in English as before', () => {
    expect(pagerLabels('en')).toEqual([
      'pagination navigation',
      'Go to previous page',
      'page 1',
      'Go to page 2',
      'Go to page 3',
      'Go to next page',
    ]);
  });

  it("gives a table's page buttons the words of the language", () => {
    const theme = buildTheme({ direction: 'rtl', dark: false, name: 'ceramic', language: 'he' });
    const markup = renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <TablePagination
          component="div"
          count={30}
          page={1}
          rowsPerPage={10}
          onPageChange={() => undefined}
        />
      </ThemeProvider>,
    );
    expect([...markup.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1])).toEqual([
      'לעמוד הקודם',
      'לעמוד הבא',
    ]);
  });
});

describe('the colours of a filled alert (the toasts)', () => {
  it('keeps its words at 4.5:1 or more on its background, in light and in dark', () => {
    const ratios = [false, true].flatMap((dark) => {
      const theme = buildTheme({ direction: 'ltr', dark, name: 'ceramic', language: 'en' });
      return (['success', 'info', 'warning', 'error'] as const).map((severity) => {
        const colour = theme.palette[severity];
        // As MUI's filled Alert paints itself: the main colour in light mode, the dark one in dark mode.
        const background = dark ? colour.dark : colour.main;
        const ratio = getContrastRatio(background, theme.palette.getContrastText(colour.main));
        return { mode: dark ? 'dark' : 'light', severity, enough: ratio >= 4.5 };
      });
    });
    expect(ratios.filter((entry) => !entry.enough)).toEqual([]);
  });
});

describe('the colours of a filled chip (a cancelled event)', () => {
  it('keeps its words at 4.5:1 or more on its colour, in light and dark, left to right and in Arabic', () => {
    const ratios = [false, true].flatMap((dark) =>
      (['en', 'ar'] as const).map((language) => {
        const theme = buildTheme({
          direction: language === 'ar' ? 'rtl' : 'ltr',
          dark,
          name: 'ceramic',
          language,
        });
        const { main, contrastText } = theme.palette.error;
        return { dark, language, enough: getContrastRatio(main, contrastText) >= 4.5 };
      }),
    );
    expect(ratios.filter((entry) => !entry.enough)).toEqual([]);
  });
});
