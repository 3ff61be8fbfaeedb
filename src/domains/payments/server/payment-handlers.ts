import type { FastifyInstance } from 'fastify';
import type { ProviderPayment } from './payment-provider';

/**
 * Each room that takes money says what a payment's new state means for it. The provider's
 * metadata.kind ('offer', 'membership') picks the handler; app.ts lists them explicitly.
 */
export type PaymentHandler = (app: FastifyInstance, payment: ProviderPayment) => Promise<void>;
export type PaymentHandlers = Record<string, PaymentHandler>;

/**
 * Stripe events that are not about one PaymentIntent (Checkout Sessions, subscriptions,
 * invoices) go to the rooms that subscribe to them, with only the verified type and object
 * id: the handler re-reads the truth from Stripe. It returns true when the event was its own.
 */
export type StripeEventHandler = (
  app: FastifyInstance,
  event: { type: string; objectId: string },
) => Promise<boolean>;

export async function dispatchPaymentUpdate(
  app: FastifyInstance,
  handlers: PaymentHandlers,
  payment: ProviderPayment,
): Promise<void> {
  const handler = handlers[payment.metadata.kind ?? ''];
  if (handler) await handler(app, payment);
  else
    app.log.warn(
      { paymentId: payment.id, kind: payment.metadata.kind },
      'payment without a handler',
    );
}
