import type { Language } from '@pressroom/contract';
import type { CatalogLoaders } from '../../lib/i18n/index.ts';

// The app's strings: the shell's own and each feature's, composed per language in locales/ (the only place
// that knows every feature). One chunk per language: only the chosen catalog is downloaded.
export const catalogLoaders: CatalogLoaders = {
  en: () => import('./locales/en.ts').then((module) => module.en),
  it: () => import('./locales/it.ts').then((module) => module.it),
  fr: () => import('./locales/fr.ts').then((module) => module.fr),
  es: () => import('./locales/es.ts').then((module) => module.es),
  de: () => import('./locales/de.ts').then((module) => module.de),
  he: () => import('./locales/he.ts').then((module) => module.he),
  ar: () => import('./locales/ar.ts').then((module) => module.ar),
} satisfies Record<Language, unknown>;
