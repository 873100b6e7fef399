import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client.ts';

/**
 * The UI settings' errorMessage (specification sections 3, 4 and 8): the last unexpected failure (an API
 * call that failed for a reason the user did not cause, a screen that failed to load or render, a script
 * chunk that could not be fetched). While one is held the floating error button offers to report it.
 */
export interface HeldError {
  message: string;
  stack: string;
  /** When it was held (performance.now()), so a layout mounting later can clear only older ones. */
  at: number;
}

let current: HeldError | null = null;
const listeners = new Set<() => void>();

function publish(next: HeldError | null) {
  current = next;
  for (const listener of listeners) listener();
}

export const heldError = {
  get: () => current,
  hold(error: unknown) {
    publish({ message: describeError(error), stack: stackOf(error), at: performance.now() });
  },
  clear() {
    if (current) publish(null);
  },
  /** The main layout clears any stored message when it mounts; not one held after `time`. */
  clearHeldBefore(time: number) {
    if (current && current.at < time) publish(null);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useHeldError(): HeldError | null {
  return useSyncExternalStore(heldError.subscribe, heldError.get, heldError.get);
}

/** Failures worth a report: the network or the server failed, or the app itself threw. Not 4xx answers. */
export function isUnexpectedFailure(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return true;
}

/** A failed dynamic import: the specification's ChunkLoadError (CSS_CHUNK_LOAD_FAILED for a stylesheet). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script|Unable to preload CSS|error loading dynamically/i.test(
      error.message,
    )
  );
}

export function describeError(error: unknown): string {
  if (isChunkLoadError(error)) {
    const css = /css/i.test((error as Error).message);
    return `${css ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError'}: ${(error as Error).message}`;
  }
  if (error instanceof ApiError) return `${error.message} (HTTP ${error.status})`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function stackOf(error: unknown): string {
  return error instanceof Error && typeof error.stack === 'string' ? error.stack.slice(0, 20_000) : '';
}

// Vite reports a chunk (script or stylesheet) that could not be preloaded; the app keeps it for a report.
if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    heldError.hold((event as Event & { payload?: unknown }).payload ?? new Error('chunk preload failed'));
  });
}
