import { useSyncExternalStore } from 'react';
import {
  type HeaderFilter,
  headerFilterNames,
  type RouterAnimation,
  routerAnimations,
  type SidebarFilter,
  type SidebarImage,
  sidebarFilterNames,
  sidebarImages,
} from './layout-options.ts';
import { readJson, storageKeys, writeJson } from './storage.ts';

/** UI settings persisted per browser under `settings` (the language is kept apart, under `language`). */
export interface UiSettings {
  collapseSidebar: boolean;
  /** Dark or light as the reader chose; null follows the system's setting (prefers-color-scheme), live. */
  darkMode: boolean | null;
  theme: ThemeName;
  /** Right-to-left; null follows the language (he and ar). Choosing a language sets it (spec section 4). */
  rtlLayout: boolean | null;
  /** Whether the sidebar shows its background image. */
  backgroundImage: boolean;
  sidebarImage: SidebarImage;
  sidebarFilter: SidebarFilter;
  headerFilter: HeaderFilter;
  routerAnimation: RouterAnimation;
  /** The guided tour was shown (or skipped) in this browser. */
  tourSeen: boolean;
}

export const themeNames = ['ceramic', 'terracotta', 'majolica', 'slate', 'olive', 'plum'] as const;
export type ThemeName = (typeof themeNames)[number];

export const defaultUiSettings: UiSettings = {
  collapseSidebar: false,
  darkMode: null,
  theme: 'ceramic',
  rtlLayout: null,
  backgroundImage: false,
  sidebarImage: 'majolica',
  sidebarFilter: 'charcoal',
  headerFilter: 'theme',
  routerAnimation: 'fadeIn',
  tourSeen: false,
};

function isSettings(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const boolean = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The stored settings, each field checked on its own: a bad or missing value gets its default. */
export function parseUiSettings(stored: Record<string, unknown>): UiSettings {
  const d = defaultUiSettings;
  return {
    collapseSidebar: boolean(stored.collapseSidebar, d.collapseSidebar),
    darkMode: typeof stored.darkMode === 'boolean' ? stored.darkMode : null,
    theme: oneOf(themeNames, stored.theme, d.theme),
    rtlLayout: typeof stored.rtlLayout === 'boolean' ? stored.rtlLayout : null,
    backgroundImage: boolean(stored.backgroundImage, d.backgroundImage),
    sidebarImage: oneOf(sidebarImages, stored.sidebarImage, d.sidebarImage),
    sidebarFilter: oneOf(sidebarFilterNames, stored.sidebarFilter, d.sidebarFilter),
    headerFilter: oneOf(headerFilterNames, stored.headerFilter, d.headerFilter),
    routerAnimation: oneOf(routerAnimations, stored.routerAnimation, d.routerAnimation),
    tourSeen: boolean(stored.tourSeen, d.tourSeen),
  };
}

let current = parseUiSettings(readJson(storageKeys.settings, isSettings) ?? {});
const listeners = new Set<() => void>();

export const uiSettings = {
  get: () => current,
  update(patch: Partial<UiSettings>) {
    current = { ...current, ...patch };
    writeJson(storageKeys.settings, current);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useUiSettings(): UiSettings {
  return useSyncExternalStore(uiSettings.subscribe, uiSettings.get, uiSettings.get);
}

const darkQuery = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;
}

function subscribeToSystemDark(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the app is dark now: the reader's choice, else the system's setting, followed when it changes. */
export function useDarkMode(): boolean {
  const chosen = useUiSettings().darkMode;
  const system = useSyncExternalStore(subscribeToSystemDark, systemPrefersDark, () => false);
  return chosen ?? system;
}
