import { darkScreens, describeAccessibility, screens } from './accessibility-screens.ts';

// axe finds no violations on any screen of the web application's shell and account pages in English
// (left-to-right), and on the main ones in dark mode; Arabic (right-to-left) is web-accessibility-rtl.test.ts.
describeAccessibility([
  { name: 'en', language: 'en', dark: false, screens },
  { name: 'en, dark mode', language: 'en', dark: true, screens: darkScreens },
]);
