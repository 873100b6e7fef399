import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { paths, withRedirect } from '../config/paths.ts';
import type { RouteHandle } from '../config/route-handle.ts';
import { heldError } from '../lib/held-error.ts';
import { tokenExpiry } from '../lib/jwt.ts';
import { notify } from '../lib/notifications.ts';
import { useSession } from '../lib/session.ts';
import { useSiteGroup } from '../lib/site.ts';

/** The specification's delay before the content scrolls back to the top after a navigation. */
const scrollResetDelay = 200;

/** Title of the page in the document, from the matched route. */
export function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const group = useSiteGroup();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    ?.handle as RouteHandle | undefined;
  const title = handle ? t(handle.titleKey) : t('app.brand');
  const site = group.data?.name ?? t('app.brand');
  useEffect(() => {
    document.title = `${title} · ${site}`;
  }, [title, site]);
}

/** The id of each layout's main landmark (the skip link's target). */
export const mainContentId = 'main-content';

// Whether the document has shown a screen yet. The first one keeps the browser's focus; every later one takes
// it, whichever layout shows it (signing in and logging out change layouts, which mounts a new one).
let screenShown = false;

/**
 * Moves focus to the screen in `main`: its heading (h1), so a screen reader announces the new screen and the
 * next Tab starts in it. Until the heading has arrived (a screen and its data load after the navigation)
 * the main landmark holds focus; the heading takes it when it comes, unless the user has moved on.
 */
export function focusScreen(main: HTMLElement): () => void {
  const focusHeading = (): boolean => {
    const heading = main.querySelector('h1');
    if (!(heading instanceof HTMLElement)) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => undefined;
  main.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    if (document.activeElement !== main && document.activeElement !== document.body) observer.disconnect();
    else if (focusHeading()) observer.disconnect();
  });
  observer.observe(main, { childList: true, subtree: true });
  const timer = window.setTimeout(() => observer.disconnect(), 10_000);
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/** What a reader does to act on a screen: press, touch, turn the wheel or a key. */
const readerActs = ['pointerdown', 'touchstart', 'wheel', 'keydown'] as const;

/**
 * Scrolls the window and `main` to the top after the specification's delay, unless the reader acts on the
 * new screen first: a scroll between a press and its release would move the control from under the pointer,
 * so the release lands elsewhere: a button is not clicked, a select's menu closes at once. Returns the cancel.
 */
export function scrollToTopLater(main: HTMLElement | null): () => void {
  const stop = () => {
    window.clearTimeout(timer);
    for (const type of readerActs) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(() => {
    stop();
    window.scrollTo({ top: 0 });
    main?.scrollTo?.({ top: 0 });
  }, scrollResetDelay);
  for (const type of readerActs) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/**
 * After each navigation: scroll to the top 200 ms later (unless the reader acts first) and move focus to the
 * new screen's heading, so keyboard and screen-reader users start at the new page (not on the document's first
 * screen, where focus belongs to the browser).
 */
export function useNavigationReset(main: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  useEffect(() => {
    if (!screenShown) {
      screenShown = true;
      return;
    }
    if (location.pathname === '') return;
    const stopScrolling = scrollToTopLater(main.current);
    const stopFocusing = main.current ? focusScreen(main.current) : () => undefined;
    return () => {
      stopScrolling();
      stopFocusing();
    };
  }, [location.pathname, main]);
}

/** Group lookup failure: the error is shown and logged (specification section 8). */
export function useSiteGroupErrors() {
  const { t } = useTranslation();
  const group = useSiteGroup();
  useEffect(() => {
    if (group.error) {
      console.error('site group lookup failed', group.error);
      // The specification saves the error response as the error message.
      heldError.hold(group.error);
      notify.error(`${t('errors.siteLookup')} ${group.error.message}`);
    }
  }, [group.error, t]);
}

/** The lock screen before the token dies: an idle user is asked for the password a minute before expiry. */
export function useIdleLock() {
  const { token } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    const expiry = token ? tokenExpiry(token) : null;
    if (!expiry) return;
    const lockAt = expiry - 60_000 - Date.now();
    if (lockAt <= 0) return;
    const timer = window.setTimeout(() => navigate(withRedirect(paths.lockScreen, here)), lockAt);
    return () => window.clearTimeout(timer);
  }, [token, navigate, here]);
}
