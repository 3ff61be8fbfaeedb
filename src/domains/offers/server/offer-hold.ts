import {
  PaymentProviderError,
  authorisePayment,
  capturePayment,
  ledgerSubject,
  releasePayment,
  type HeldPaymentEntry,
  type LedgerEntry,
  type ProviderPayment,
} from '@/domains/payments/server';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '@/shared/errors';
import type { Database } from '@/server/db/client';
import type { HoldDeps } from './offer-deps';
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

/** The hold version of a new offer (the column's default; renewals bump it). */
export const FIRST_HOLD_VERSION = 1;

/** The kind of payment offers take (the provider's metadata.kind and the ledger's subject). */
export const OFFER_PAYMENT_KIND = 'offer';

export const holdKey = (offerId: number, holdVersion: number, action: HoldAction) =>
  `offer:${offerId}:hold:${holdVersion}:${action}`;

const HOLD_KEY_PATTERN = /^offer:(\d+):hold:(\d+):(create|capture|release)$/;

/** The offer, hold version and action a hold key names, or null when it is not one. */
export function parseHoldKey(
  key: string,
): { offerId: number; holdVersion: number; action: HoldAction } | null {
  const match = HOLD_KEY_PATTERN.exec(key);
  if (!match) return null;
  return {
    offerId: Number(match[1]),
    holdVersion: Number(match[2]),
    action: match[3] as HoldAction,
  };
}

export const offerSubject = (offerId: number) => ledgerSubject(OFFER_PAYMENT_KIND, offerId);

/** What the provider keeps about the hold: it names the offer (and routes its updates here). */
export function holdMetadata(offer: HoldOffer): Record<string, string> & { kind: string } {
  return {
    kind: OFFER_PAYMENT_KIND,
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

/**
 * The ledger row of one call about the hold (written before the call, in our transaction).
 * `amountPence` is the payments room's word for what a provider call moves; for a hold it is
 * the offer's price (`offerPricePence`), but the two names stay apart on purpose: a payment's
 * amount is money at the provider, the offer price is a term of the deal.
 */
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

/**
 * Places the hold (or, with the same key, finds the one already placed) and records its id.
 * intentCounted: the caller has just committed the hold's ledger row with this attempt
 * counted (a new offer), so callProvider writes nothing before the call.
 */
export function placeHold(
  deps: HoldDeps,
  offer: HoldOffer,
  listingTitle: string,
  options: { intentCounted?: boolean } = {},
): Promise<ProviderPayment> {
  return authorisePayment(
    deps,
    {
      entry: holdLedgerEntry(offer, 'create'),
      metadata: holdMetadata(offer),
      description: `Option offer #${offer.id} on "${listingTitle}"`,
    },
    {
      intentCounted: options.intentCounted,
      // The hold's id goes on the offer in the statement that records the call's success.
      withSuccess: (payment) =>
        deps.db
          .$with('hold_recorded')
          .as(recordHoldId(deps.db, offer, payment.id).returning({ id: offers.id })),
    },
  );
}

/** Captures the hold: the agent's acceptance moves the money. Errors are the caller's. */
export function captureHold(
  deps: HoldDeps,
  offer: HoldOffer & { providerPaymentId: string },
): Promise<ProviderPayment> {
  return capturePayment(deps, {
    ...holdLedgerEntry(offer, 'capture'),
    providerPaymentId: offer.providerPaymentId,
  });
}

/**
 * Releases the hold after the offer was closed in the database (cancel, reject, expiry,
 * another offer accepted). Never throws: the offer's new state is already committed and its
 * ledger row (written in the same transaction) stays pending until reconciliation succeeds.
 * Answers the provider's view of the payment, or null when it is not known yet.
 */
export async function releaseHold(
  deps: HoldDeps,
  offer: HoldOffer,
): Promise<ProviderPayment | null> {
  const paymentId = offer.providerPaymentId;
  if (!paymentId) return null;
  return release(
    deps,
    { ...holdLedgerEntry(offer, 'release'), providerPaymentId: paymentId },
    offer.id,
  );
}

/** A hold no live offer stands behind: its offer is gone, closed, or was renewed since. */
export interface OrphanHold {
  offerId: number;
  holdVersion: number;
  amountPence: number;
  userId: number | null;
  providerPaymentId: string;
}

/** Releases an orphan hold with that hold version's own release key. Never throws. */
export function releaseOrphanHold(
  deps: HoldDeps,
  hold: OrphanHold,
): Promise<ProviderPayment | null> {
  return release(
    deps,
    {
      idempotencyKey: holdKey(hold.offerId, hold.holdVersion, 'release'),
      amountPence: hold.amountPence,
      subject: offerSubject(hold.offerId),
      userId: hold.userId,
      providerPaymentId: hold.providerPaymentId,
    },
    hold.offerId,
  );
}

async function release(
  deps: HoldDeps,
  entry: HeldPaymentEntry,
  offerId: number,
): Promise<ProviderPayment | null> {
  try {
    return await releasePayment(deps, entry);
  } catch (error) {
    if (error instanceof PaymentProviderError && !error.retryable) {
      // Already released, lapsed or captured: what the provider holds is the truth.
      try {
        return await deps.payments.retrievePayment(entry.providerPaymentId);
      } catch (retrieveError) {
        deps.log.warn({ err: retrieveError, offerId }, 'hold state unknown');
        return null;
      }
    }
    deps.log.warn({ err: error, offerId }, 'hold release deferred to reconciliation');
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

/** The hold a re-authorisation is replacing (decision 016), as the offer row records it. */
export type PreviousHoldOffer = Pick<
  OfferRow,
  'id' | 'producerId' | 'prevHoldVersion' | 'prevPaymentId' | 'prevOfferPricePence'
>;

/** The previous hold as an orphan-style hold, or null when the offer names none. */
export function previousHoldOf(offer: PreviousHoldOffer): OrphanHold | null {
  if (offer.prevHoldVersion === null || !offer.prevPaymentId) return null;
  return {
    offerId: offer.id,
    holdVersion: offer.prevHoldVersion,
    amountPence: offer.prevOfferPricePence ?? 0,
    userId: offer.producerId,
    providerPaymentId: offer.prevPaymentId,
  };
}

/** The release row of the previous hold (written with the state that lets it go). */
export function previousHoldReleaseEntry(offer: PreviousHoldOffer): LedgerEntry | null {
  const hold = previousHoldOf(offer);
  if (!hold) return null;
  return {
    operation: 'release',
    idempotencyKey: holdKey(hold.offerId, hold.holdVersion, 'release'),
    amountPence: hold.amountPence,
    subject: offerSubject(hold.offerId),
    userId: hold.userId,
    providerPaymentId: hold.providerPaymentId,
  };
}

/** Releases the previous hold with its own release key, if the offer names one. Never throws. */
export async function releasePreviousHold(
  deps: HoldDeps,
  offer: PreviousHoldOffer,
): Promise<ProviderPayment | null> {
  const hold = previousHoldOf(offer);
  return hold ? releaseOrphanHold(deps, hold) : null;
}

/**
 * Records a hold's id on the offer it was placed for, only while the offer is still at the
 * hold's version and has no hold id (a renewal, or a hold already recorded, wins). Returned
 * unrun, so a caller can run it or fold it into the statement that records the call.
 */
export function recordHoldId(
  db: Database,
  offer: Pick<OfferRow, 'id' | 'holdVersion'>,
  paymentId: string,
) {
  return db
    .update(offers)
    .set({ providerPaymentId: paymentId, updatedAt: new Date() })
    .where(
      and(
        eq(offers.id, offer.id),
        eq(offers.holdVersion, offer.holdVersion),
        isNull(offers.providerPaymentId),
      ),
    );
}
