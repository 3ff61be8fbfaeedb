/**
 * The offers room's server front door: its module for the app (the offer and deck routes,
 * the deadline and reconciliation jobs, and the handler of offer card holds) and what other
 * rooms may call. Offers depends on listings (it options them) and payments (the holds);
 * neither depends on offers.
 */
import { onListingDeletion } from '@/domains/listings/server';
import type { RoomModule } from '@/server/room-module';
import { closeAccountOffers } from './close-account-offers';
import { eraseAccountOffers, hasOfferRecords } from './erase-account-offers';
import { offerJobs } from './offer-jobs';
import { offersRoutes } from './offers.routes';
import { settleDeletedListing } from './settle-deleted-listing';
import { syncOfferPayment } from './sync-offer-payment';

// Deleting a listing rejects its open offers and releases their holds first (decision 007).
onListingDeletion(settleDeletedListing);

export const offersRoom: RoomModule = {
  name: 'offers',
  // The deck upload and download routes are registered by offersRoutes.
  routes: offersRoutes,
  jobs: offerJobs,
  paymentHandlers: { offer: syncOfferPayment },
  // An account closing: holds released first, accepted offers kept as financial records.
  accountDeletion: {
    settle: closeAccountOffers,
    erase: eraseAccountOffers,
    keepsRecordsOf: hasOfferRecords,
  },
};

/**
 * What the agreements and insights rooms read and do to an offer (it depends on offers, never the
 * reverse): the offer with its parties, its agreed term sheet, access checks, the deal's
 * messages, and the step run once an acceptance's capture has committed.
 */
export {
  findOfferRecords,
  getOfferRecord,
  loadOfferRecord,
  currentTermsOf,
  type OfferRecord,
} from './offer-record';
export { requireAgentOrAdmin, requireOffer } from './offer-access';
/** The condition on offers that reached the agent (paid for), for the insights room's counts. */
export { offerReachedAgent } from './reached-agent';
export { announceDealEvent } from './announce-deal-event';
export {
  exclusivityLabelOf,
  percentLabel,
  pickTerms,
  purchasePriceLabel,
  rightLabelOf,
  type TermValues,
} from './offer-terms';
export { onOfferAccepted, type AcceptanceDeps, type AfterAcceptance } from './after-acceptance';
export { recordAgreementIssued } from './record-agreement-issued';
/** A multipart upload the parser could not read, as our own 400 (decks and /agreements/verify). */
export { malformedUpload } from './upload-deck';

/** Reconciliation of offers and their holds (also run at start by the job above). */
export { reconcileOffers, type ReconcileOptions, type ReconcileReport } from './reconcile-offers';
