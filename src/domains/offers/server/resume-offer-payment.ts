import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import {
  PaymentProviderError,
  type ProviderPayment,
} from '@/domains/payments/server/payment-provider';
import { AppError, conflict } from '@/shared/errors';
import type { CreateOfferResponse } from '../offers.schema';
import { requireOwnOffer } from './offer-access';
import { placeHold, providerError } from './offer-hold';
import { loadOfferRecord, toOffer, type OfferRecord } from './offer-record';
import { offers } from './offers.tables';
import { syncOfferPayment } from './sync-offer-payment';

const PAYMENT_UNAVAILABLE =
  'Payment service is currently unavailable - Please contact support for assistance with your offer';

/** Places the hold of a new (or renewed) offer and answers what the card form needs. */
export async function startOfferPayment(
  app: FastifyInstance,
  record: OfferRecord,
): Promise<CreateOfferResponse> {
  const { offer } = record;
  let payment: ProviderPayment;
  try {
    payment = await placeHold(app, offer, record.listing.title);
  } catch (error) {
    if (error instanceof PaymentProviderError && !error.retryable) {
      // Refused outright (not a card problem: the card comes later): the offer cannot go on.
      await app.db
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

async function answer(
  app: FastifyInstance,
  offerId: number,
  payment: ProviderPayment,
): Promise<CreateOfferResponse> {
  if (!payment.clientSecret) throw new AppError('PROVIDER_UNAVAILABLE', PAYMENT_UNAVAILABLE);
  const record = await loadOfferRecord(app.db, offerId);
  if (!record) throw new AppError('NOT_FOUND', 'Offer not found');
  return { offer: toOffer(record), clientSecret: payment.clientSecret };
}

/**
 * The client secret of an offer's hold again: for a producer completing the payment of an
 * offer awaiting it (POST /api/offers/{id}/payment), and for a repeated POST /api/offers with
 * the same Idempotency-Key (replay: whatever the offer's state, the same offer and secret).
 */
export async function resumeOfferPayment(
  app: FastifyInstance,
  user: UserRow,
  offerId: number,
  options: { replay?: boolean } = {},
): Promise<CreateOfferResponse> {
  const record = await requireOwnOffer(app.db, user, offerId);
  const { offer } = record;
  if (!options.replay && offer.status !== 'awaiting_payment') {
    throw conflict('This offer is not awaiting payment');
  }
  if (!offer.providerPaymentId) {
    if (offer.status !== 'awaiting_payment') throw conflict('This offer is not awaiting payment');
    // The first attempt never learnt the hold's id: the same key finds (or places) it.
    return startOfferPayment(app, record);
  }
  let payment: ProviderPayment;
  try {
    payment = await app.payments.retrievePayment(offer.providerPaymentId);
  } catch (error) {
    throw providerError(error);
  }
  // Confirmed meanwhile (a lost webhook): bring the offer up to date before answering.
  if (payment.status !== 'requires_payment_method') await syncOfferPayment(app, payment);
  return answer(app, offer.id, payment);
}
