/**
 * The membership room's server front door: its module for the app (routes, the renewal job,
 * the payment and Stripe Billing handlers) and what other rooms may call. Everything else in
 * this folder is private to the room.
 */
import type { RoomModule } from '@/server/room-module';
import {
  eraseMemberViews,
  hasMembershipRecords,
  stopMembershipForDeletedAccount,
} from './close-member-account';
import { handleMembershipStripeEvent } from './handle-membership-stripe-event';
import { membershipJobs } from './membership-jobs';
import { membershipRoutes } from './membership.routes';
import { syncMembershipPayment } from './sync-membership-payment';

export const membershipRoom: RoomModule = {
  name: 'membership',
  routes: membershipRoutes,
  jobs: membershipJobs,
  paymentHandlers: { membership: syncMembershipPayment },
  stripeEventHandlers: [handleMembershipStripeEvent],
  // An account closing: renewals stopped, views erased, receipts kept (decision 007).
  accountDeletion: {
    settle: stopMembershipForDeletedAccount,
    erase: eraseMemberViews,
    keepsRecordsOf: hasMembershipRecords,
  },
};

/** The free tier's monthly view limit, which the listings room applies when a listing opens. */
export { recordListingView, type RecordListingViewOptions } from './record-listing-view';
/** The one server-side gate of premium-only routes (comments, analysis, forum...). */
export { requirePremium } from './premium-gate';
/** The 14-day refund guarantee; the admin room decides who may grant it. */
export {
  refundMembershipPayment,
  type RefundMembershipPaymentOptions,
} from './refund-membership-payment';
