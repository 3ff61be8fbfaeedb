import Stripe from 'stripe';
import type { AppDeps } from '@/server/deps';
import { parseId } from '@/shared/ids';
import { PaymentProviderError, StripePaymentProvider } from '@/domains/payments/server';
import { CURRENCY } from '@/domains/payments/payments.constants';
import { paths } from '@/shared/paths';
import { PREMIUM_PRICE } from '../membership.constants';

/**
 * Stripe Billing calls for the annual Premium subscription (Checkout Sessions,
 * Subscriptions, Invoices). The payments port covers one-off PaymentIntents; a subscription
 * lives on Stripe, so this room talks to the same configured SDK client directly.
 */
/** What the Stripe Billing calls need: the configured provider (and the public URL). */
export type StripeBillingDeps = Pick<AppDeps, 'payments'>;

export function stripeClient(deps: StripeBillingDeps): Stripe {
  if (!(deps.payments instanceof StripePaymentProvider)) {
    throw new Error('Stripe billing needs PAYMENT_PROVIDER=stripe');
  }
  return deps.payments.client;
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
  deps: StripeBillingDeps & Pick<AppDeps, 'config'>,
  input: CreateCheckoutInput,
): Promise<Stripe.Checkout.Session> {
  const { publicUrl, payments } = deps.config;
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
    stripeClient(deps).checkout.sessions.create(
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
  deps: StripeBillingDeps,
  id: string,
): Promise<Stripe.Checkout.Session> {
  return call(() => stripeClient(deps).checkout.sessions.retrieve(id));
}

export function retrieveSubscription(
  deps: StripeBillingDeps,
  id: string,
): Promise<Stripe.Subscription> {
  return call(() => stripeClient(deps).subscriptions.retrieve(id));
}

export function retrieveInvoice(deps: StripeBillingDeps, id: string): Promise<Stripe.Invoice> {
  return call(() => stripeClient(deps).invoices.retrieve(id, { expand: ['payments'] }));
}

/** Auto-renew off keeps premium to the end of the paid year: cancel at period end. */
export function setCancelAtPeriodEnd(
  deps: StripeBillingDeps,
  subscriptionId: string,
  cancelAtPeriodEnd: boolean,
  idempotencyKey: string,
): Promise<Stripe.Subscription> {
  return call(() =>
    stripeClient(deps).subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: cancelAtPeriodEnd },
      { idempotencyKey },
    ),
  );
}

/** A refunded membership must not renew: cancel the subscription now. */
export function cancelSubscriptionNow(
  deps: StripeBillingDeps,
  subscriptionId: string,
  idempotencyKey: string,
): Promise<Stripe.Subscription> {
  return call(() =>
    stripeClient(deps).subscriptions.cancel(subscriptionId, {}, { idempotencyKey }),
  );
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
  return parseId(subscription.metadata?.subscriptionId);
}

export { idOf as stripeId };
