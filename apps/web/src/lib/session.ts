import type { SessionUser } from '@pressroom/contract';
import { useSyncExternalStore } from 'react';
import { readJson, readString, storageKeys, writeJson, writeString } from './storage.ts';

export interface Session {
  user: SessionUser | null;
  token: string | null;
}

function isSessionUser(value: unknown): value is SessionUser {
  const user = value as SessionUser;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    Array.isArray(user.groups)
  );
}

const listeners = new Set<() => void>();
let current: Session = load();

function load(): Session {
  return { user: readJson(storageKeys.user, isSessionUser), token: readString(storageKeys.token) };
}

function publish(next: Session) {
  current = next;
  for (const listener of listeners) listener();
}

/** The signed-in user and token, kept in local storage under the specification's keys. */
export const session = {
  get(): Session {
    return current;
  },
  signIn(token: string, user: SessionUser) {
    writeString(storageKeys.token, token);
    writeJson(storageKeys.user, user);
    publish({ token, user });
  },
  /** Stores a refreshed token (and the user the server sent with it). */
  replaceToken(token: string, user?: SessionUser) {
    writeString(storageKeys.token, token);
    if (user) writeJson(storageKeys.user, user);
    publish({ token, user: user ?? current.user });
  },
  updateUser(user: SessionUser) {
    writeJson(storageKeys.user, user);
    publish({ ...current, user });
  },
  /** The specification's logout: token and user are cleared (the auth header goes with the token). */
  signOut() {
    writeString(storageKeys.token, null);
    writeString(storageKeys.user, null);
    publish({ token: null, user: null });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.token || event.key === storageKeys.user || event.key === null) {
      publish(load());
    }
  });
}

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
