/** Keys of the specification (section 3: user, token, language, group) plus the UI settings. */
export const storageKeys = {
  user: 'user',
  token: 'token',
  language: 'language',
  group: 'group',
  settings: 'settings',
} as const;
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Private modes and full quotas make localStorage throw; the app keeps working without persistence.
export function readString(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Ignored on purpose: see readString.
  }
}

export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}
