import { createHashRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { AccountLayout } from '../components/account-layout.tsx';
import { MainLayout } from '../components/main-layout.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { RouteError } from '../components/route-error.tsx';
import { accountApi } from '../features/account/api/account-api.ts';
import { session } from '../lib/session.ts';
import { decideNavigation } from './guard.ts';
import { paths } from './paths.ts';
import { type AppRoute, routeTable } from './route-table.ts';

export interface RouteHandle {
  name: string;
  titleKey: string;
}

/** Refreshes the token in the background; a failure is logged and logs the user out (navigation goes on). */
async function refreshToken(token: string) {
  try {
    const fresh = await accountApi.tokenRefresh(token);
    // Only if nobody signed out or in meanwhile.
    if (session.get().token === token) session.replaceToken(fresh.token, fresh.user);
  } catch (error) {
    console.error('token refresh failed; signing out', error);
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
    return null;
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    loader: guardedLoader(route),
    handle: { name: route.name, titleKey: route.titleKey } satisfies RouteHandle,
    lazy: async () => ({ Component: (await route.screen()).default }),
  };
}

export function buildRoutes(table: AppRoute[] = routeTable): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: <RouteError />,
      children: [
        { index: true, loader: () => redirect(paths.home) },
        {
          Component: MainLayout,
          children: [
            ...table.filter((route) => route.layout === 'main').map(toRouteObject),
            {
              path: '*',
              Component: NotFoundScreen,
              handle: { name: 'NotFound', titleKey: 'app.notFoundTitle' } satisfies RouteHandle,
            },
          ],
        },
        {
          Component: AccountLayout,
          children: table.filter((r) => r.layout === 'account').map(toRouteObject),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(buildRoutes());
}
