import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Print layout of a release: only the article on white paper. The app chrome (header, sidebar, footer, skip
 * link, toolbars) and anything marked `data-no-print` are left out; links print their address after the text.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { margin: '18mm 16mm' },
          'html, body': { background: '#fff !important', color: '#000 !important' },
          '.MuiAppBar-root, .MuiToolbar-root, footer, #app-sidebar, div:has(> #app-sidebar), [data-no-print], [data-testid="skip-link"], a[href="#main-content"]':
            { display: 'none !important' },
          main: { padding: '0 !important', maxWidth: 'none !important' },
          '[data-print-article]': {
            border: 'none !important',
            boxShadow: 'none !important',
            padding: '0 !important',
            maxWidth: 'none !important',
            background: '#fff !important',
            color: '#000 !important',
          },
          '[data-print-article] .release-body a[href^="http"]::after': {
            content: '" (" attr(href) ")"',
            fontSize: '0.85em',
          },
          '[data-print-article] img': { breakInside: 'avoid' },
          '[data-print-article] h1, [data-print-article] h2': { breakAfter: 'avoid' },
        },
      }}
    />
  );
}
