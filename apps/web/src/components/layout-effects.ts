import { useEffect, useRef } from 'react';
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
export const scrollResetDelay = 200;

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

/**
 * After each navigation: scroll to the top 200 ms later and move focus to the content, so keyboard and
 * screen-reader users start at the new page (not on the first load, where focus belongs to the browser).
 */
export function useNavigationReset(main: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.pathname === '') return;
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0 });
      main.current?.scrollTo?.({ top: 0 });
    }, scrollResetDelay);
    main.current?.focus({ preventScroll: true });
    return () => window.clearTimeout(timer);
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
