import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppHydrateFallback, AppLayout } from './shell/app-layout';
import { RequireAuth } from './shell/require-auth';
import { RouteErrorScreen } from './shell/error-screen';
import { paths } from '@/shared/paths';

/** Code-split pages: each route loads its own chunk so the home page stays small. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('@/domains/listings/web/pages/home-page')) },
  { path: paths.join, lazy: page(() => import('@/domains/accounts/web/pages/join-page')) },
  { path: paths.auth, lazy: page(() => import('@/domains/accounts/web/pages/auth-page')) },
  { path: paths.login, element: <Navigate to={paths.auth} replace /> },
  {
    path: paths.verifyEmail,
    lazy: page(() => import('@/domains/accounts/web/pages/verify-email-page')),
  },
  {
    path: paths.resetPassword,
    lazy: page(() => import('@/domains/accounts/web/pages/reset-password-page')),
  },
  // The catalogue and listing pages handle logged-out visitors themselves (toast, then /login).
  { path: paths.listings, lazy: page(() => import('@/domains/listings/web/pages/catalogue-page')) },
  {
    path: '/listings/:id',
    lazy: page(() => import('@/domains/listings/web/pages/listing-detail-page')),
  },
  {
    path: '/listing/:id',
    lazy: page(() => import('@/domains/listings/web/pages/listing-detail-page')),
  },
  { path: paths.terms, lazy: page(() => import('@/domains/legal/web/pages/terms-page')) },
  { path: paths.termsAlias, lazy: page(() => import('@/domains/legal/web/pages/terms-page')) },
  { path: paths.privacy, lazy: page(() => import('@/domains/legal/web/pages/privacy-page')) },
  { path: paths.privacyAlias, lazy: page(() => import('@/domains/legal/web/pages/privacy-page')) },
  { path: paths.cookies, lazy: page(() => import('@/domains/legal/web/pages/cookie-policy-page')) },
  { path: paths.disclaimer, lazy: page(() => import('@/domains/legal/web/pages/disclaimer-page')) },
  // Checkout returns here (Stripe's success_url); it only reads the membership status.
  {
    path: paths.paymentSuccess,
    lazy: page(() => import('@/domains/membership/web/pages/payment-success-page')),
  },
];

const protectedRoutes: RouteObject[] = [
  { path: paths.upgrade, lazy: page(() => import('@/domains/membership/web/pages/upgrade-page')) },
  {
    path: paths.membership,
    lazy: page(() => import('@/domains/membership/web/pages/upgrade-page')),
  },
  {
    path: '/checkout/:sessionId',
    lazy: page(() => import('@/domains/membership/web/pages/checkout-page')),
  },
  { path: paths.profile, lazy: page(() => import('@/domains/accounts/web/pages/profile-page')) },
  {
    path: paths.completeProfile,
    lazy: page(() => import('@/domains/accounts/web/pages/complete-profile-page')),
  },
  {
    path: paths.editAccount,
    lazy: page(() => import('@/domains/accounts/web/pages/edit-account-page')),
  },
  {
    path: paths.securitySettings,
    lazy: page(() => import('@/domains/accounts/web/pages/security-settings-page')),
  },
  {
    path: '/submit-offer/:listingId',
    lazy: page(() => import('@/domains/offers/web/pages/submit-offer-page')),
  },
  {
    path: paths.mySubmissions,
    lazy: page(() => import('@/domains/offers/web/pages/my-submissions-page')),
  },
  {
    path: paths.producerDashboard,
    lazy: page(() => import('@/domains/offers/web/pages/producer-dashboard-page')),
  },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <AppHydrateFallback />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: protectedRoutes },
      { path: '*', lazy: page(() => import('./shell/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
