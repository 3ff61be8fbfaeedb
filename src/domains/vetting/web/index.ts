/** Front door of the vetting room's browser code (issue 35): badges, the offer policy, pages. */
export { VerifiedBadge } from './components/verified-badge';
export { OfferPolicyPanel } from './components/offer-policy-panel';
export { useOfferPolicy } from './api/vetting';

export const vettingPages = {
  producerVerification: () => import('./pages/producer-verification-page'),
  adminProducerApplications: () => import('./pages/admin-producer-applications-page'),
};
