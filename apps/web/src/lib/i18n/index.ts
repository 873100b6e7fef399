import type { Language } from '@pressroom/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api-client.ts';
import { uiSettings } from '../settings.ts';
import { readString, storageKeys, writeString } from '../storage.ts';
import { loadRtlCache } from '../theme.ts';
import { browserLanguage, isLanguage, isRtl } from './languages.ts';

export const i18n = i18next.createInstance();

/** A language's strings, nested by area: what i18next calls a resource bundle. */
type Catalog = { [key: string]: string | Catalog };
/** How each language's catalog is fetched: given by the app shell, which knows the features' strings. */
export type CatalogLoaders = Record<Language, () => Promise<Catalog>>;

let catalogLoaders: CatalogLoaders | null = null;

/** The app's strings in one language (the contract's messages come with the forms: contract-messages.ts). */
function loadCatalog(language: Language): Promise<Catalog> {
  if (!catalogLoaders) throw new Error('initI18n has not been given the catalogs yet');
  return catalogLoaders[language]();
}

const loaded = new Set<Language>();

async function ensureCatalog(language: Language) {
  if (isRtl(language)) await loadRtlCache();
  if (loaded.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await loadCatalog(language), true, false);
  loaded.add(language);
}

/** The stored choice, else the browser's language when supported, else English. */
function initialLanguage(): Language {
  const stored = readString(storageKeys.language);
  if (isLanguage(stored)) return stored;
  return browserLanguage(
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  );
}

/** The interface language, also before initI18n has finished (the one it is going to choose). */
export function currentLanguage(): Language {
  return i18n.isInitialized && isLanguage(i18n.language) ? i18n.language : initialLanguage();
}

function applyLanguage(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = (uiSettings.get().rtlLayout ?? isRtl(language)) ? 'rtl' : 'ltr';
  setRequestLanguage(language);
}

export async function initI18n(loaders: CatalogLoaders): Promise<Language> {
  catalogLoaders = loaders;
  const language = initialLanguage();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  await ensureCatalog(language);
  // The customizer's right-to-left switch may be on with a left-to-right language.
  if (uiSettings.get().rtlLayout) await loadRtlCache();
  await i18n.changeLanguage(language);
  applyLanguage(language);
  return language;
}

/** Switches the interface language, stores it under `language`, and sets lang and dir on the document. */
export async function changeLanguage(language: Language) {
  await ensureCatalog(language);
  writeString(storageKeys.language, language);
  // Choosing Hebrew or Arabic turns right-to-left on; other languages turn it off (spec section 4).
  uiSettings.update({ rtlLayout: isRtl(language) });
  applyLanguage(language);
  await i18n.changeLanguage(language);
}
