import { type ComponentType, Suspense } from 'react';
import { Outlet, type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router';
import { lazyPart } from '@/components/ui/lazy-part';
import { Loading } from '@/components/ui/spinner';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouteErrorBoundary } from './route-error';

/**
 * A route's screen, its own chunk, loaded when its route is first visited or preloaded: a
 * `lazyPart`, so once the chunk is there the screen renders directly (`lazy` alone would suspend
 * on every first render, showing the spinner and then holding the screen back for React's 300 ms
 * reveal throttle although nothing is left to load), and keeps what it was first drawn as.
 */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const Screen = lazyPart(() => load().then(pick));
  return { element: <Screen />, handle: { preload: Screen.load } satisfies ScreenHandle };
}

interface ScreenHandle {
  preload: () => Promise<unknown>;
}

/**
 * The outlet of every screen, with an error boundary of its own: a screen that fails (or whose
 * chunk fails to load) shows its error inside the layout, and the header and navigation stay
 * usable; going elsewhere clears it (the boundary is keyed by the path). The Suspense boundary
 * stays mounted across paths: a new one for each path would show its spinner and then hold the
 * screen back for React's 300 ms reveal throttle, even when the chunk is already there.
 */
function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<Loading />}>
      <RouteErrorBoundary key={pathname}>
        <Outlet />
      </RouteErrorBoundary>
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        element: <ScreenOutlet />,
        children: [
          {
            index: true,
            ...screen(
              () => import('./home'),
              (m) => m.Home,
            ),
          },
          {
            path: 'pos',
            ...screen(
              // the cart screen, where /pos always leads (a scan), is preloaded now, not at the
              // scan: a till whose connection dropped for a moment showed "This screen did not
              // load" for every cart until a reload (Chromium keeps a module it failed to fetch
              // failed for the page's life), and a reload offline loses the page. Through its
              // route's own preload, so the scanned cart draws at once. Not awaited
              () =>
                import('@/features/pos-cart/open-cart-screen').then((m) => {
                  void preloadScreen('/pos/carts/next');
                  return m;
                }),
              (m) => m.OpenCartScreen,
            ),
          },
          {
            path: 'pos/carts/:cartId',
            ...screen(
              () => import('@/features/pos-cart/cart-screen'),
              (m) => m.CartScreen,
            ),
          },
          {
            path: 'pos/locations',
            ...screen(
              () => import('@/features/locations/locations-screen'),
              (m) => m.LocationsScreen,
            ),
          },
          {
            path: 'account/notifications',
            ...screen(
              () => import('@/features/notification-preferences/notifications-screen'),
              (m) => m.NotificationsScreen,
            ),
          },
          {
            path: 'account/returns/new',
            ...screen(
              () => import('@/features/returns/return-wizard-screen'),
              (m) => m.ReturnWizardScreen,
            ),
          },
          {
            path: 'account/returns/:requestNumber',
            ...screen(
              () => import('@/features/returns/return-confirmation-screen'),
              (m) => m.ReturnConfirmationScreen,
            ),
          },
          {
            path: 'store',
            ...screen(
              () => import('@/features/store-config/store-info-screen'),
              (m) => m.StoreInfoScreen,
            ),
          },
          {
            path: 'store/terms',
            ...screen(
              () => import('@/features/store-config/policy-screen'),
              (m) => m.TermsScreen,
            ),
          },
          {
            path: 'store/refund-policy',
            ...screen(
              () => import('@/features/store-config/policy-screen'),
              (m) => m.RefundPolicyScreen,
            ),
          },
          {
            path: 'settings',
            ...screen(
              () => import('@/features/session/settings-screen'),
              (m) => m.SettingsScreen,
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/**
 * Load the screen of the route that `pathname` matches (a no-op for other paths). Before the
 * first render, so that render draws the screen itself rather than a spinner in its place.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  // a chunk that fails to load is reported by the screen's error boundary when it renders
  return handle?.preload().catch(() => undefined) ?? Promise.resolve();
}

/** Every route of the app (inside `<AppRouter>`). */
export function AppRoutes() {
  return useRoutes(routes);
}
