import type { AppDeps } from '@/server/deps';
import { eq } from 'drizzle-orm';
import { AppError } from '@/shared/errors';
import {
  dispatchPaymentUpdate,
  type PaymentHandlers,
  type StripeEventHandler,
} from './payment-handlers';
import { PaymentProviderError } from '@/server/payments/payment-provider';
import { stripeEvents } from './payments.tables';
import { StripePaymentProvider } from './stripe-provider';

export interface StripeWebhookResult {
  received: true;
  duplicate: boolean;
}

/**
 * POST /api/payments/stripe/webhook. Trusts only the signature and the ids it carries
 * (STYLE.md 8): for a payment_intent event it reads the intent's CURRENT state from Stripe
 * and hands it to the owning room, which applies it idempotently. Out-of-order deliveries are
 * harmless (the current truth is applied, whatever the event said); an event id already
 * applied is acknowledged and nothing is done. The id is recorded only after the work, so
 * an event that failed half-way is applied again when Stripe retries it.
 */
export async function handleStripeWebhook(
  deps: AppDeps,
  handlers: PaymentHandlers,
  rawBody: Buffer,
  signature: string | undefined,
  stripeEventHandlers: StripeEventHandler[] = [],
): Promise<StripeWebhookResult> {
  const secret = deps.config.payments.stripeWebhookSecret;
  if (!(deps.payments instanceof StripePaymentProvider) || !secret) {
    throw new AppError('NOT_FOUND', 'Stripe webhooks are not enabled');
  }
  if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
  let event;
  try {
    event = deps.payments.client.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
  }

  const [seen] = await deps.db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  if (seen) return { received: true, duplicate: true };

  if (event.type.startsWith('payment_intent.')) {
    const intentId = (event.data.object as { id?: unknown }).id;
    if (typeof intentId === 'string') {
      let payment;
      try {
        payment = await deps.payments.retrievePayment(intentId);
      } catch (error) {
        if (error instanceof PaymentProviderError && !error.retryable) {
          deps.log.warn({ err: error, eventId: event.id }, 'webhook for an unknown payment');
          return { received: true, duplicate: false };
        }
        // Stripe retries a failed delivery: answer 503 and apply it then.
        throw new AppError('PROVIDER_UNAVAILABLE', 'The payment provider did not answer');
      }
      await dispatchPaymentUpdate(deps, handlers, payment);
    }
  } else {
    // Subscriptions, invoices, Checkout Sessions: the rooms that bill re-read them.
    const objectId = (event.data.object as { id?: unknown }).id;
    if (typeof objectId === 'string') {
      for (const handle of stripeEventHandlers) {
        try {
          if (await handle(deps, { type: event.type, objectId })) break;
        } catch (error) {
          if (error instanceof PaymentProviderError && !error.retryable) {
            deps.log.warn({ err: error, eventId: event.id }, 'webhook for an unknown object');
            break;
          }
          throw error instanceof PaymentProviderError
            ? new AppError('PROVIDER_UNAVAILABLE', 'The payment provider did not answer')
            : error;
        }
      }
    }
  }

  await deps.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing();
  return { received: true, duplicate: false };
}
