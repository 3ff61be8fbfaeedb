import { paths } from '@/shared/paths';
import type { CreateOfferResponse } from '../../offers.schema';

/** The submit-offer page opened on the payment step of an existing offer. */
export function resumePaymentPath(offer: { id: number; listingId: number }): string {
  return `${paths.submitOffer(offer.listingId)}?offer=${offer.id}`;
}

/** Router state handed to that page when the client secret is already known (a renewal). */
export interface ResumePaymentState {
  payment: CreateOfferResponse;
}

export function readResumePaymentState(state: unknown): CreateOfferResponse | null {
  if (typeof state !== 'object' || state === null || !('payment' in state)) return null;
  const payment = (state as ResumePaymentState).payment;
  return typeof payment?.clientSecret === 'string' && typeof payment.offer?.id === 'number'
    ? payment
    : null;
}
