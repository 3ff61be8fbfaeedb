import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { CURRENCY } from '@/domains/payments/payments.constants';
import { callProvider, type LedgerEntry } from '@/domains/payments/server/ledger';
import {
  PaymentProviderError,
  type ProviderPayment,
} from '@/domains/payments/server/payment-provider';
import { AppError } from '@/shared/errors';
import { offers, type OfferRow } from './offers.tables';

/**
 * The card hold behind an offer, and the idempotency keys of every provider call about it.
 * Keys are ours and deterministic (offer, hold version, action): written to the ledger before
 * the call and reused on every retry, so a retry can never place a second hold or capture
 * twice. A renewal bumps holdVersion, which gives the new hold fresh keys.
 */
export type HoldAction = 'create' | 'capture' | 'release';

export type HoldOffer = Pick<
  OfferRow,
  'id' | 'listingId' | 'producerId' | 'offerPricePence' | 'holdVersion' | 'providerPaymentId'
>;

export const holdKey = (offerId: number, holdVersion: number, action: HoldAction) =>
  `offer:${offerId}:hold:${holdVersion}:${action}`;

export const offerSubject = (offerId: number) => `offer:${offerId}`;

/** What the provider keeps about the hold: it names the offer (and routes its updates here). */
export function holdMetadata(offer: HoldOffer): Record<string, string> {
  return {
    kind: 'offer',
    offerId: String(offer.id),
    listingId: String(offer.listingId),
    userId: String(offer.producerId),
    holdVersion: String(offer.holdVersion),
  };
}

const OPERATIONS: Record<HoldAction, LedgerEntry['operation']> = {
  create: 'authorise',
  capture: 'capture',
  release: 'release',
};

export function holdLedgerEntry(offer: HoldOffer, action: HoldAction): LedgerEntry {
  return {
    operation: OPERATIONS[action],
    idempotencyKey: holdKey(offer.id, offer.holdVersion, action),
    amountPence: offer.offerPricePence,
    subject: offerSubject(offer.id),
    userId: offer.producerId,
    providerPaymentId: action === 'create' ? null : offer.providerPaymentId,
  };
}

/** Places the hold (or, with the same key, finds the one already placed) and records its id. */
export async function placeHold(
  app: FastifyInstance,
  offer: HoldOffer,
  listingTitle: string,
): Promise<ProviderPayment> {
  const payment = await callProvider(
    app.db,
    app.payments,
    holdLedgerEntry(offer, 'create'),
    (idempotencyKey) =>
      app.payments.createPayment({
        amountPence: offer.offerPricePence,
        currency: CURRENCY,
        captureMethod: 'manual',
        metadata: holdMetadata(offer),
        description: `Option offer #${offer.id} on "${listingTitle}"`.slice(0, 500),
        idempotencyKey,
      }),
  );
  await app.db
    .update(offers)
    .set({ providerPaymentId: payment.id, updatedAt: new Date() })
    .where(
      and(
        eq(offers.id, offer.id),
        eq(offers.holdVersion, offer.holdVersion),
        isNull(offers.providerPaymentId),
      ),
    );
  return payment;
}

/** Captures the hold: the agent's acceptance moves the money. Errors are the caller's. */
export function captureHold(
  app: FastifyInstance,
  offer: HoldOffer & { providerPaymentId: string },
): Promise<ProviderPayment> {
  return callProvider(app.db, app.payments, holdLedgerEntry(offer, 'capture'), (idempotencyKey) =>
    app.payments.capturePayment(offer.providerPaymentId, { idempotencyKey }),
  );
}

/**
 * Releases the hold after the offer was closed in the database (cancel, reject, expiry,
 * another offer accepted). Never throws: the offer's new state is already committed and its
 * ledger row (written in the same transaction) stays pending until reconciliation succeeds.
 * Answers the provider's view of the payment, or null when it is not known yet.
 */
export async function releaseHold(
  app: FastifyInstance,
  offer: HoldOffer,
): Promise<ProviderPayment | null> {
  const paymentId = offer.providerPaymentId;
  if (!paymentId) return null;
  try {
    return await callProvider(
      app.db,
      app.payments,
      holdLedgerEntry(offer, 'release'),
      (idempotencyKey) => app.payments.cancelPayment(paymentId, { idempotencyKey }),
    );
  } catch (error) {
    if (error instanceof PaymentProviderError && !error.retryable) {
      // Already released, lapsed or captured: what the provider holds is the truth.
      try {
        return await app.payments.retrievePayment(paymentId);
      } catch (retrieveError) {
        app.log.warn({ err: retrieveError, offerId: offer.id }, 'hold state unknown');
        return null;
      }
    }
    app.log.warn({ err: error, offerId: offer.id }, 'hold release deferred to reconciliation');
    return null;
  }
}

/** A provider failure as the API answers it: 503 when it did not answer, 402 when it refused. */
export function providerError(error: unknown): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  if (error.retryable) {
    return new AppError(
      'PROVIDER_UNAVAILABLE',
      'The payment service did not answer. Please try again in a moment.',
      { cause: error },
    );
  }
  return new AppError('PAYMENT_FAILED', error.message, {
    extra: { declineCode: error.code },
    cause: error,
  });
}
