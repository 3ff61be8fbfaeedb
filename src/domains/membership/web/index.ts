/**
 * Front door of the membership room's browser code: the membership panels and premium
 * prompts other rooms and composed pages show, and the room's own pages.
 */
export { AutoRenewCard } from './components/auto-renew-card';
export { MembershipCard } from './components/membership-card';
export { PremiumGate } from './components/premium-feature-card';
export { ViewLimitReached } from './components/view-limit-reached';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const membershipPages = {
  upgrade: () => import('./pages/upgrade-page'),
  checkout: () => import('./pages/checkout-page'),
  paymentSuccess: () => import('./pages/payment-success-page'),
};
