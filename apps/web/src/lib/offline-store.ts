import { dehydrate, hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createStore, del, get, keys, set } from 'idb-keyval';
import { session } from './session.ts';

/**
 * What a signed-in reader saw, kept on the device so the app reads it again with no network (decision 29): the
 * successful answers whose keys start as `keptKeys` say, per account, in the browser's IndexedDB (never a
 * cache shared between accounts or with the network). Restored before the first screen, written a moment
 * after answers arrive, and removed for every other account when the session changes (sign-out, another
 * account signing in): nothing of one account is readable by the next.
 */

let opened: ReturnType<typeof createStore> | null = null;
const store = () => {
  opened ??= createStore('pressroom-offline', 'answers');
  return opened;
};
const accountKey = (userId: number) => `account:${userId}`;
/** A new build may shape answers differently: what an older one kept is not restored. */
const formatVersion = 1;
const saveDelayMs = 500;

interface KeptAnswers {
  version: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

const startsWith = (key: QueryKey, prefix: readonly string[]) =>
  prefix.every((part, index) => key[index] === part);

/** Whether IndexedDB is there to use (not in some private modes, nor in tests without it). */
const available = () => typeof indexedDB !== 'undefined';

/**
 * Keeps the account's answers from now on. `restoredAt` is when the answers put back at start were kept (null
 * when none were): an answer newer than that arrived before this started listening (the first route's, asked
 * before the first render) and is written as well, so a reader who opens one screen and leaves keeps it.
 */
export function startOfflineStore(
  queryClient: QueryClient,
  keptKeys: readonly (readonly string[])[],
  restoredAt: number | null,
) {
  const kept = (query: Query) =>
    query.state.status === 'success' && keptKeys.some((prefix) => startsWith(query.queryKey, prefix));
  let userId = session.get().user?.id ?? null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function save() {
    timer = null;
    const owner = userId;
    if (owner === null || !available()) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: kept });
    const value: KeptAnswers = { version: formatVersion, savedAt: Date.now(), state };
    // The reader may have signed out while this waited: only the account still signed in is written.
    if (session.get().user?.id === owner) await set(accountKey(owner), value, store()).catch(() => undefined);
  }

  const saveSoon = () => {
    if (userId === null || timer !== null) return;
    timer = setTimeout(() => void save(), saveDelayMs);
  };

  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !kept(event.query)) return;
    saveSoon();
  });
  const arrivedBefore = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => kept(query) && query.state.dataUpdatedAt > (restoredAt ?? 0));
  if (arrivedBefore) saveSoon();

  const unsubscribeSession = session.subscribe(() => {
    const next = session.get().user?.id ?? null;
    if (next === userId) return;
    const previous = userId;
    userId = next;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    // Another account, or none: what the previous one read leaves the page and the device.
    if (previous !== null) queryClient.clear();
    void forgetAllBut(next);
  });

  // Leaving the page (another address, the tab hidden or closed) writes what waited.
  const flush = () => {
    if (timer === null) return;
    clearTimeout(timer);
    void save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);

  return () => {
    unsubscribeCache();
    unsubscribeSession();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
    if (timer !== null) clearTimeout(timer);
  };
}

/** Puts back what this account's last visit kept; the time it was kept, or null when nothing was. */
export async function restoreOfflineAnswers(queryClient: QueryClient): Promise<number | null> {
  const userId = session.get().user?.id;
  if (userId === undefined || !available()) return null;
  const value = (await get(accountKey(userId), store()).catch(() => undefined)) as KeptAnswers | undefined;
  if (!value || value.version !== formatVersion) return null;
  hydrate(queryClient, value.state);
  // Shown at once, but asked again by the first screen that uses them: an answer kept a moment ago is not
  // fresh for the next visit (another server, another tab, may have changed it since).
  const restored = new Set(value.state.queries.map((query) => query.queryHash));
  await queryClient.invalidateQueries({
    predicate: (query) => restored.has(query.queryHash),
    refetchType: 'none',
  });
  return value.savedAt;
}

/** Removes every account's kept answers but `userId`'s, and the pictures seen (they were seen signed in). */
async function forgetAllBut(userId: number | null) {
  if (available()) {
    const stored = await keys(store()).catch(() => [] as IDBValidKey[]);
    await Promise.all(
      stored
        .filter((key) => userId === null || key !== accountKey(userId))
        .map((key) => del(key, store()).catch(() => undefined)),
    );
  }
  if (typeof caches !== 'undefined') await caches.delete('pressroom-pictures').catch(() => false);
}
