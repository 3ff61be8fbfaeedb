/**
 * The offers room's server front door: its module for the app (the offer and deck routes,
 * the deadline and reconciliation jobs, and the handler of offer card holds) and what other
 * rooms may call. Offers depends on listings (it options them) and payments (the holds);
 * neither depends on offers.
 */
import type { RoomModule } from '@/server/room-module';
import { closeAccountOffers } from './close-account-offers';
import { eraseAccountOffers, hasOfferRecords } from './erase-account-offers';
import { offerJobs } from './offer-jobs';
import { offersRoutes } from './offers.routes';
import { syncOfferPayment } from './sync-offer-payment';

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

/** Reconciliation of offers and their holds (also run at start by the job above). */
export { reconcileOffers, type ReconcileOptions, type ReconcileReport } from './reconcile-offers';
