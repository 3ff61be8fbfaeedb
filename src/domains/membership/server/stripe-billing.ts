import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { StripePaymentProvider } from '@/domains/payments/server/stripe-provider';
import { PaymentProviderError } from '@/domains/payments/server/payment-provider';
import { CURRENCY } from '@/domains/payments/payments.constants';
import { paths } from '@/shared/paths';
import { PREMIUM_PRICE } from '../membership.constants';

/**
 * Stripe Billing calls for the annual Premium subscription (Checkout Sessions,
 * Subscriptions, Invoices). The payments port covers one-off PaymentIntents; a subscription
 * lives on Stripe, so this room talks to the same configured SDK client directly.
 */
export function stripeClient(app: FastifyInstance): Stripe {
  if (!(app.payments instanceof StripePaymentProvider)) {
    throw new Error('Stripe billing needs PAYMENT_PROVIDER=stripe');
  }
  return app.payments.client;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const retryable =
        error instanceof Stripe.errors.StripeConnectionError ||
        (error.statusCode !== undefined && error.statusCode >= 500);
      throw new PaymentProviderError(error.code ?? error.type, error.message, retryable);
    }
    throw new PaymentProviderError(
      'provider_unavailable',
      'The payment provider did not answer.',
      true,
    );
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export interface CreateCheckoutInput {
  subscriptionRowId: number;
  userId: number;
  email: string;
  customerId: string | null;
  idempotencyKey: string;
}

/** A hosted Checkout Session for the yearly £216 subscription. */
export function createPremiumCheckoutSession(
  app: FastifyInstance,
  input: CreateCheckoutInput,
): Promise<Stripe.Checkout.Session> {
  const { publicUrl, payments } = app.config;
  const metadata = {
    kind: 'membership',
    subscriptionId: String(input.subscriptionRowId),
    userId: String(input.userId),
  };
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = payments.stripePremiumPriceId
    ? { price: payments.stripePremiumPriceId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: CURRENCY,
          unit_amount: PREMIUM_PRICE.grossPence,
          // £216 includes the 20% VAT: £180 net.
          tax_behavior: 'inclusive',
          recurring: { interval: 'year' },
          product_data: { name: 'PageToScreen Premium membership' },
        },
      };
  return call(() =>
    stripeClient(app).checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [lineItem],
        client_reference_id: String(input.userId),
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        metadata,
        subscription_data: { metadata },
        // Stripe fills in {CHECKOUT_SESSION_ID}; the page polls until the webhook has run.
        success_url: `${publicUrl}${paths.paymentSuccess}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}${paths.upgrade}`,
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
}

export function retrieveCheckoutSession(
  app: FastifyInstance,
  id: string,
): Promise<Stripe.Checkout.Session> {
  return call(() => stripeClient(app).checkout.sessions.retrieve(id));
}

export function retrieveSubscription(
  app: FastifyInstance,
  id: string,
): Promise<Stripe.Subscription> {
  return call(() => stripeClient(app).subscriptions.retrieve(id));
}

export function retrieveInvoice(app: FastifyInstance, id: string): Promise<Stripe.Invoice> {
  return call(() => stripeClient(app).invoices.retrieve(id, { expand: ['payments'] }));
}

/** Auto-renew off keeps premium to the end of the paid year: cancel at period end. */
export function setCancelAtPeriodEnd(
  app: FastifyInstance,
  subscriptionId: string,
  cancelAtPeriodEnd: boolean,
  idempotencyKey: string,
): Promise<Stripe.Subscription> {
  return call(() =>
    stripeClient(app).subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: cancelAtPeriodEnd },
      { idempotencyKey },
    ),
  );
}

/** A refunded membership must not renew: cancel the subscription now. */
export function cancelSubscriptionNow(
  app: FastifyInstance,
  subscriptionId: string,
  idempotencyKey: string,
): Promise<Stripe.Subscription> {
  return call(() => stripeClient(app).subscriptions.cancel(subscriptionId, {}, { idempotencyKey }));
}

/** The subscription an invoice bills (API 2025+: under parent.subscription_details). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The PaymentIntent that paid an invoice (refunds go through it), or null. */
export function invoicePaymentIntentId(invoice: Stripe.Invoice): string | null {
  for (const payment of invoice.payments?.data ?? []) {
    const intent = idOf(payment.payment.payment_intent);
    if (intent && payment.status === 'paid') return intent;
  }
  return null;
}

/** The service period an invoice pays for (its first line), else the subscription's. */
export function invoicePeriod(
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription,
): { start: Date; end: Date } {
  const line = invoice.lines?.data?.[0]?.period;
  const item = subscription.items?.data?.[0];
  const start = line?.start ?? item?.current_period_start ?? invoice.created;
  const end = line?.end ?? item?.current_period_end ?? invoice.created;
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

/** Our membership_subscriptions id, kept in the Stripe subscription's metadata. */
export function subscriptionRowId(subscription: Stripe.Subscription): number | null {
  const id = Number(subscription.metadata?.subscriptionId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export { idOf as stripeId };
