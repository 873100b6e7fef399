import { type ComponentType, createContext, type RefObject, useContext } from 'react';

/**
 * What the shared layout shows but does not own: parts of features (the consent renewal dialog, the route
 * animation, the guided tour, the customizer's layout options) that the app shell hands down, so that
 * components/ never imports a feature. Each is optional: a layout without it simply shows less.
 */
export interface ShellSlots {
  /** Mounted once in the main layout, beside the content (dialogs that ask the user something). */
  layoutAddons?: ComponentType;
  /**
   * Shown at the top of the main content, above every screen, in the page's flow (a question the user may
   * answer when they like, which must cover nothing: not the error button, a notification or the offline notice).
   */
  contentBanner?: ComponentType;
  routeAnimation?: ComponentType<{ target: RefObject<HTMLElement | null> }>;
  guidedTour?: ComponentType;
  /** A button in the header, before the language menu (the basket). */
  headerAddon?: ComponentType;
  /** A section of the customizer panel, between the sidebar switch and the themes. */
  customizerSection?: ComponentType<{ onClose: () => void }>;
}

const ShellSlotsContext = createContext<ShellSlots>({});

export const ShellSlotsProvider = ShellSlotsContext.Provider;

export function useShellSlots(): ShellSlots {
  return useContext(ShellSlotsContext);
}
