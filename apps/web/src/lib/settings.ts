import { useSyncExternalStore } from 'react';
import { readJson, storageKeys, writeJson } from './storage.ts';

/** UI settings persisted per browser under `settings` (the language is kept apart, under `language`). */
export interface UiSettings {
  collapseSidebar: boolean;
  darkMode: boolean;
  theme: ThemeName;
}

export const themeNames = ['ceramic', 'terracotta', 'majolica', 'slate', 'olive', 'plum'] as const;
export type ThemeName = (typeof themeNames)[number];

const defaults: UiSettings = { collapseSidebar: false, darkMode: false, theme: 'ceramic' };

function isSettings(value: unknown): value is Partial<UiSettings> {
  return typeof value === 'object' && value !== null;
}

function load(): UiSettings {
  const stored = readJson(storageKeys.settings, isSettings) ?? {};
  return {
    collapseSidebar:
      typeof stored.collapseSidebar === 'boolean' ? stored.collapseSidebar : defaults.collapseSidebar,
    darkMode: typeof stored.darkMode === 'boolean' ? stored.darkMode : defaults.darkMode,
    theme: themeNames.includes(stored.theme as ThemeName) ? (stored.theme as ThemeName) : defaults.theme,
  };
}

let current = load();
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
