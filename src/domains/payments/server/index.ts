import type { RoomModule } from '@/server/room-module';
import { paymentsRoutes } from './payments.routes';

/**
 * The payments room's front door. Payments owns the provider port (local and Stripe), the
 * ledger of every provider call and the card confirmation and webhook routes; rooms that take
 * money (offers, membership) go through the operations and queries below, and say what a
 * payment's new state means for them with a PaymentHandler in their own RoomModule.
 * Its routes dispatch to every room's handlers, which app.ts hands them (RoomRoutesOptions).
 */
export const paymentsRoom: RoomModule = {
  name: 'payments',
  routes: paymentsRoutes,
};

export { createPaymentProvider } from './create-payment-provider';
export {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from '@/server/payments/payment-provider';
export { LocalPaymentProvider } from './local-provider';
export { StripePaymentProvider } from './stripe-provider';
export type { PaymentHandler, PaymentHandlers, StripeEventHandler } from './payment-handlers';

// Operations: each is written to the ledger (with our idempotency key) before the call.
export { authorisePayment, type AuthorisePaymentInput } from './authorise-payment';
export { capturePayment, type HeldPaymentEntry } from './capture-payment';
export { releasePayment } from './release-payment';
export {
  abandonProviderCall,
  callProvider,
  ledgerIntentInsert,
  ledgerSubject,
  type CallProviderOptions,
  recordLedgerIntent,
  type LedgerEntry,
  type LedgerOperation,
  type LedgerRow,
} from './ledger';

// What reconciliation needs to read.
export {
  findPendingCallsFor,
  findPendingProviderCalls,
  findUnsettledHolds,
  isProviderCallPending,
  type PendingCallsQuery,
  type UnsettledHoldsQuery,
} from './ledger-queries';
