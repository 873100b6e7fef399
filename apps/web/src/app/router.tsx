import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { MainLayout } from '../components/main-layout.tsx';
import { paths } from '../config/paths.ts';
import type { RouteHandle } from '../config/route-handle.ts';
import { isChunkLoadError, isUnexpectedFailure } from '../lib/held-error.ts';
import { session, useSession } from '../lib/session.ts';
import { decideNavigation, mayOpenScreen } from './guard.ts';
import { type AppRoute, routeTable } from './route-table.ts';

// Not needed by Home's first paint, so not in the first load: the account pages' layout, the not-found page
// and the error page come with their first use. The error page shares the chunk of the header's buttons (see
// vite.config.ts), asked for as the app starts: in memory by the time a screen's chunk fails to load after a
// deployment. Should that chunk be missing too, a plain reload link stands in.
const RouteError = lazy(() =>
  import('../components/route-error.tsx').then(
    (module) => ({ default: module.RouteError }),
    () => ({ default: ReloadLink }),
  ),
);

function ReloadLink() {
  const { t } = useTranslation();
  return (
    <Box component="main" role="alert" sx={{ p: 3 }}>
      {t('errors.chunkLoad')}{' '}
      <Link component="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Link>
    </Box>
  );
}

/**
 * Refreshes the token in the background (navigation goes on). The server refusing it logs the user out; no
 * network, or a server failing, does not: the token stays until it expires, and a journalist offline in the
 * fair's halls keeps reading what was kept (decision 29); the next navigation online asks again.
 */
async function refreshToken(token: string) {
  try {
    // Loaded on first use: a visitor without a token never needs it.
    const { accountApi } = await import('../features/account/api/account-api.ts');
    const fresh = await accountApi.tokenRefresh(token);
    // Only if nobody signed out or in meanwhile.
    if (session.get().token === token) session.replaceToken(fresh.token, fresh.user);
  } catch (error) {
    if (isUnexpectedFailure(error) || isChunkLoadError(error)) {
      console.warn('token refresh not answered; keeping the session', error);
      return;
    }
    console.error('token refresh refused; signing out', error);
    if (session.get().token === token) session.signOut();
  }
}

function guardedLoader(route: AppRoute) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const { token } = session.get();
    const decision = decideNavigation({
      routeName: route.name,
      requiresAuth: route.requiresAuth,
      token,
      wanted: `${url.pathname}${url.search}`,
      now: Date.now(),
    });
    if (decision.logout) session.signOut();
    if (decision.refresh && token) void refreshToken(token);
    if (decision.redirectTo) throw redirect(decision.redirectTo);
    route.prefetch?.(url);
    return null;
  };
}

// With the first screen a user may not open, like the not-found page.
const NoAccessScreen = lazy(() =>
  import('../components/no-access-screen.tsx').then((module) => ({ default: module.NoAccessScreen })),
);

/** The screen, or the no-access page for a signed-in user without its permissions (reacts to sign-in changes). */
function permittedScreen(route: AppRoute, Screen: ComponentType): ComponentType {
  if (!route.permissions) return Screen;
  return function PermittedScreen() {
    const { user } = useSession();
    if (mayOpenScreen(route.permissions, user)) return <Screen />;
    return (
      <Suspense fallback={null}>
        <NoAccessScreen />
      </Suspense>
    );
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    loader: guardedLoader(route),
    handle: { name: route.name, titleKey: route.titleKey } satisfies RouteHandle,
    lazy: async () => ({ Component: permittedScreen(route, (await route.screen()).default) }),
  };
}

function buildRoutes(table: AppRoute[] = routeTable): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: (
        <Suspense fallback={null}>
          <RouteError />
        </Suspense>
      ),
      children: [
        { index: true, loader: () => redirect(paths.home) },
        {
          Component: MainLayout,
          children: [
            ...table.filter((route) => route.layout === 'main').map(toRouteObject),
            {
              path: '*',
              lazy: async () => ({
                Component: (await import('../components/not-found-screen.tsx')).NotFoundScreen,
              }),
              handle: { name: 'NotFound', titleKey: 'app.notFoundTitle' } satisfies RouteHandle,
            },
          ],
        },
        {
          lazy: async () => ({ Component: (await import('../components/account-layout.tsx')).AccountLayout }),
          children: table.filter((r) => r.layout === 'account').map(toRouteObject),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(buildRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Once the router's first navigation is done: its guard decided, its screen's chunk and loaders are in. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
