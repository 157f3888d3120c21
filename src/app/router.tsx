import type { ComponentType } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/**
 * Each screen is its own chunk, loaded when its route is first visited, with an error boundary
 * of its own: a screen that fails shows its error inside the layout, and the header and
 * navigation stay usable. (The pathless parent's boundary catches a chunk that fails to load.)
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()), ErrorBoundary: RouteError });

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        // First load of a lazy screen: the header paints at once (this is the first paint, and
        // it needs only the entry chunk) and the spinner stands in the outlet until the screen's
        // chunk arrives. On the outer route it would blank the header too.
        hydrateFallbackElement: <Loading />,
        children: [
          {
            index: true,
            lazy: screen(
              () => import('./home'),
              (m) => m.Home,
            ),
          },
          {
            path: 'pos',
            lazy: screen(
              () => import('@/features/pos-cart/open-cart-screen'),
              (m) => m.OpenCartScreen,
            ),
          },
          {
            path: 'pos/carts/:cartId',
            lazy: screen(
              () => import('@/features/pos-cart/cart-screen'),
              (m) => m.CartScreen,
            ),
          },
          {
            path: 'pos/locations',
            lazy: screen(
              () => import('@/features/locations/locations-screen'),
              (m) => m.LocationsScreen,
            ),
          },
          {
            path: 'account/notifications',
            lazy: screen(
              () => import('@/features/notification-preferences/notifications-screen'),
              (m) => m.NotificationsScreen,
            ),
          },
          {
            path: 'account/returns/new',
            lazy: screen(
              () => import('@/features/returns/return-wizard-screen'),
              (m) => m.ReturnWizardScreen,
            ),
          },
          {
            path: 'account/returns/:requestNumber',
            lazy: screen(
              () => import('@/features/returns/return-confirmation-screen'),
              (m) => m.ReturnConfirmationScreen,
            ),
          },
          {
            path: 'store',
            lazy: screen(
              () => import('@/features/store-config/store-info-screen'),
              (m) => m.StoreInfoScreen,
            ),
          },
          {
            path: 'store/terms',
            lazy: screen(
              () => import('@/features/store-config/policy-screen'),
              (m) => m.TermsScreen,
            ),
          },
          {
            path: 'store/refund-policy',
            lazy: screen(
              () => import('@/features/store-config/policy-screen'),
              (m) => m.RefundPolicyScreen,
            ),
          },
          {
            path: 'settings',
            lazy: screen(
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

export const createRouter = () => createBrowserRouter(routes);
