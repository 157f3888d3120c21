import { type ComponentType, Suspense, lazy } from 'react';
import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouteErrorBoundary } from './route-error';

/** A screen, its own chunk, loaded when its route is first visited. */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return <Screen />;
}

/**
 * The outlet of every screen, with an error boundary of its own: a screen that fails (or whose
 * chunk fails to load) shows its error inside the layout, and the header and navigation stay
 * usable; going elsewhere clears it. On first load the header paints at once (it needs only the
 * entry chunk) and the spinner stands in the outlet until the screen's chunk arrives.
 */
function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
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
            element: screen(
              () => import('./home'),
              (m) => m.Home,
            ),
          },
          {
            path: 'pos',
            element: screen(
              () => import('@/features/pos-cart/open-cart-screen'),
              (m) => m.OpenCartScreen,
            ),
          },
          {
            path: 'pos/carts/:cartId',
            element: screen(
              () => import('@/features/pos-cart/cart-screen'),
              (m) => m.CartScreen,
            ),
          },
          {
            path: 'pos/locations',
            element: screen(
              () => import('@/features/locations/locations-screen'),
              (m) => m.LocationsScreen,
            ),
          },
          {
            path: 'account/notifications',
            element: screen(
              () => import('@/features/notification-preferences/notifications-screen'),
              (m) => m.NotificationsScreen,
            ),
          },
          {
            path: 'account/returns/new',
            element: screen(
              () => import('@/features/returns/return-wizard-screen'),
              (m) => m.ReturnWizardScreen,
            ),
          },
          {
            path: 'account/returns/:requestNumber',
            element: screen(
              () => import('@/features/returns/return-confirmation-screen'),
              (m) => m.ReturnConfirmationScreen,
            ),
          },
          {
            path: 'store',
            element: screen(
              () => import('@/features/store-config/store-info-screen'),
              (m) => m.StoreInfoScreen,
            ),
          },
          {
            path: 'store/terms',
            element: screen(
              () => import('@/features/store-config/policy-screen'),
              (m) => m.TermsScreen,
            ),
          },
          {
            path: 'store/refund-policy',
            element: screen(
              () => import('@/features/store-config/policy-screen'),
              (m) => m.RefundPolicyScreen,
            ),
          },
          {
            path: 'settings',
            element: screen(
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

/** Every route of the app (inside `<AppRouter>`). */
export function AppRoutes() {
  return useRoutes(routes);
}
