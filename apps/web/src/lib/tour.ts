import { useSyncExternalStore } from 'react';
import { session } from './session.ts';
import { uiSettings } from './settings.ts';

/**
 * Whether the five-step guided tour is open. It opens by itself once per browser, after the first
 * sign-in made here (a journalist arriving in the press room), and again whenever asked from the
 * customizer or the user menu.
 */
let open = false;
const listeners = new Set<() => void>();

function publish(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export const guidedTour = {
  isOpen: () => open,
  /**
   * Open, and not waiting for the user to answer the privacy notice again: one dialog at a time, consent
   * first; the tour follows once the renewed consent is recorded.
   */
  isShown: () => open && session.get().user?.consent_required !== true,
  start: () => publish(true),
  /** Closed by finishing, skipping or Escape: it does not open by itself again in this browser. */
  close() {
    if (!uiSettings.get().tourSeen) uiSettings.update({ tourSeen: true });
    publish(false);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

let signedIn = session.get().user !== null;
session.subscribe(() => {
  const now = session.get().user !== null;
  if (now && !signedIn && !uiSettings.get().tourSeen) guidedTour.start();
  signedIn = now;
});

function subscribeToShown(listener: () => void) {
  const stopTour = guidedTour.subscribe(listener);
  const stopSession = session.subscribe(listener);
  return () => {
    stopTour();
    stopSession();
  };
}

export function useGuidedTourShown(): boolean {
  return useSyncExternalStore(subscribeToShown, guidedTour.isShown, guidedTour.isShown);
}
