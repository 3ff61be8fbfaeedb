import { and, eq } from 'drizzle-orm';
import { PaymentProviderError, type ProviderPayment } from '@/domains/payments/server';
import { AppError } from '@/shared/errors';
import type { CreateOfferResponse } from '../offers.schema';
import type { HoldDeps } from './offer-deps';
import { placeHold, providerError } from './offer-hold';
import { toOffer, type OfferRecord } from './offer-record';
import { offers } from './offers.tables';

export const PAYMENT_UNAVAILABLE =
  'Payment service is currently unavailable - Please contact support for assistance with your offer';

/**
 * Places the hold of a new (or renewed) offer and answers what the card form needs.
 * intentCounted: see placeHold (a new offer's transaction has just written the hold's row).
 */
export async function startOfferPayment(
  deps: HoldDeps,
  record: OfferRecord,
  options: { intentCounted?: boolean } = {},
): Promise<CreateOfferResponse> {
  const { offer } = record;
  let payment: ProviderPayment;
  try {
    payment = await placeHold(deps, offer, record.listing.title, options);
  } catch (error) {
    if (error instanceof PaymentProviderError && !error.retryable) {
      // Refused outright (not a card problem: the card comes later): the offer cannot go on.
      await deps.db
        .update(offers)
        .set({
          status: 'abandoned',
          lastPaymentError: error.message.slice(0, 500),
          updatedAt: new Date(),
        })
        .where(and(eq(offers.id, offer.id), eq(offers.status, 'awaiting_payment')));
    }
    // A timeout leaves the offer awaiting payment with its ledger row pending: the producer
    // can try again (same Idempotency-Key, or Complete Payment) and get the same hold.
    throw providerError(error);
  }
  if (!payment.clientSecret) throw new AppError('PROVIDER_UNAVAILABLE', PAYMENT_UNAVAILABLE);
  // Placing the hold changed nothing the answer shows: no need to read the offer again.
  return { offer: toOffer(record), clientSecret: payment.clientSecret };
}
