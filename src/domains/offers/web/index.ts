/**
 * Front door of the offers room's browser code: the offer panels composed pages put on
 * the listing, the producer dashboard and the submit-offer page, and the room's own pages.
 */
export { ListingOfferAction } from './components/listing-offer-action';
export { OnlyProducersNotice } from './components/offer-notice';
export { ProducerOffersOverview } from './components/producer-offers-overview';
export { AgentSubmissions } from './components/agent-submissions';
export { AgentListingsTable } from './components/agent-listings-table';
export { useAgentListings, useAgentOffers } from './api/agent-workspace';
export { offersKeys } from './api/offers-keys';
export { SubmitOfferSteps } from './components/submit-offer-steps';

/** The room's own pages, each loaded on demand by the router (src/app/web/router.tsx). */
export const offersPages = {
  mySubmissions: () => import('./pages/my-submissions-page'),
};
