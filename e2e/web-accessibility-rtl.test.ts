import { describeAccessibility, screens } from './accessibility-screens.ts';

// axe finds no violations on any screen of the web application's shell and account pages in Arabic
// (right-to-left); English and dark mode are web-accessibility.test.ts.
describeAccessibility([{ name: 'ar', language: 'ar', dark: false, screens }]);
