import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { ProviderPayment } from '@/domains/payments/server';
import { AppError, conflict } from '@/shared/errors';
import type { CreateOfferResponse } from '../offers.schema';
import { requireOffer } from './offer-access';
import type { OfferDeps } from './offer-deps';
import { providerError } from './offer-hold';
import { loadOfferRecord, toOffer } from './offer-record';
import { PAYMENT_UNAVAILABLE, startOfferPayment } from './start-offer-payment';
import { syncOfferPayment } from './sync-offer-payment';

async function answer(
  deps: OfferDeps,
  offerId: number,
  payment: ProviderPayment,
): Promise<CreateOfferResponse> {
  if (!payment.clientSecret) throw new AppError('PROVIDER_UNAVAILABLE', PAYMENT_UNAVAILABLE);
  const record = await loadOfferRecord(deps.db, offerId);
  if (!record) throw new AppError('NOT_FOUND', 'Offer not found');
  return { offer: toOffer(record), clientSecret: payment.clientSecret };
}

/**
 * The client secret of an offer's hold again: for a producer completing the payment of an
 * offer awaiting it (POST /api/offers/{id}/payment), and for a repeated POST /api/offers with
 * the same Idempotency-Key (replay: whatever the offer's state, the same offer and secret).
 */
export async function resumeOfferPayment(
  deps: OfferDeps,
  user: UserRow,
  offerId: number,
  options: { replay?: boolean } = {},
): Promise<CreateOfferResponse> {
  const record = await requireOffer(deps.db, user, offerId, 'producer');
  const { offer } = record;
  // 'reauthorising': the new hold of an answered counter (decision 016) awaits the card too.
  const awaitingCard = offer.status === 'awaiting_payment' || offer.status === 'reauthorising';
  if (!options.replay && !awaitingCard) {
    throw conflict('This offer is not awaiting payment');
  }
  if (!offer.providerPaymentId) {
    if (!awaitingCard) throw conflict('This offer is not awaiting payment');
    // The first attempt never learnt the hold's id: the same key finds (or places) it.
    return startOfferPayment(deps, record);
  }
  let payment: ProviderPayment;
  try {
    payment = await deps.payments.retrievePayment(offer.providerPaymentId);
  } catch (error) {
    throw providerError(error);
  }
  // Confirmed meanwhile (a lost webhook): bring the offer up to date before answering.
  if (payment.status !== 'requires_payment_method') await syncOfferPayment(deps, payment);
  return answer(deps, offer.id, payment);
}
