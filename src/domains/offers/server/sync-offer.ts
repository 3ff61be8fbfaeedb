import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Offer } from '../offers.schema';
import { requireOffer } from './offer-access';
import type { OfferDeps } from './offer-deps';
import { providerError } from './offer-hold';
import { loadOfferRecord, toOffer } from './offer-record';
import { syncOfferPayment } from './sync-offer-payment';

/**
 * POST /api/offers/{id}/sync: the browser asks us to read the hold's state after the card
 * form (Stripe Elements) confirmed it, rather than waiting for the webhook.
 */
export async function syncOffer(deps: OfferDeps, user: UserRow, offerId: number): Promise<Offer> {
  const record = await requireOffer(deps.db, user, offerId, 'producer');
  if (record.offer.providerPaymentId) {
    const payment = await deps.payments
      .retrievePayment(record.offer.providerPaymentId)
      .catch((error: unknown) => {
        throw providerError(error);
      });
    await syncOfferPayment(deps, payment);
  }
  const fresh = await loadOfferRecord(deps.db, offerId);
  return toOffer(fresh ?? record);
}
