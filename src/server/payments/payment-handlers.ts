import type { AppDeps } from '../deps';
import type { ProviderPayment } from './payment-provider';

/**
 * Each room that takes money says what a payment's new state means for it. The provider's
 * metadata.kind ('offer', 'membership') picks the handler; each room's RoomModule names its
 * own, and app.ts hands them all to the payments room, which dispatches them.
 */
export type PaymentHandler = (deps: AppDeps, payment: ProviderPayment) => Promise<void>;
export type PaymentHandlers = Record<string, PaymentHandler>;

/**
 * Stripe events that are not about one PaymentIntent (Checkout Sessions, subscriptions,
 * invoices) go to the rooms that subscribe to them, with only the verified type and object
 * id: the handler re-reads the truth from Stripe. It returns true when the event was its own.
 */
export type StripeEventHandler = (
  deps: AppDeps,
  event: { type: string; objectId: string },
) => Promise<boolean>;
