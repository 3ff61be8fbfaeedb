/**
 * The vetting room's server front door (issue 35, decision 022): producer verification
 * (applications reviewed in the admin console) and each listing's "verified producers only"
 * offer policy. Only this room writes `producer_applications` and `listing_offer_policies`.
 */
import type { RoomModule } from '@/server/room-module';
import { vettingRoutes } from './vetting.routes';

export const vettingRoom: RoomModule = {
  name: 'vetting',
  routes: vettingRoutes,
};

/** The offers room refuses an offer the listing's policy does not allow (403, our words). */
export { assertMayOffer } from './offer-policy';
export { findVerifiedProducers, isVerifiedProducer } from './find-verified-producers';
