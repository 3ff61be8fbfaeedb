import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, hasErrorCode } from '@/web/lib/api-client';
import type { CreateOfferResponse } from '../../offers.schema';

/**
 * POST /api/offers/{id}/payment: the client secret of the hold of an offer awaiting
 * payment ('Complete Payment'). Repeating it places nothing new, so it is read as a query.
 */
export function resumeOfferPayment(offerId: number): Promise<CreateOfferResponse> {
  return apiRequest<CreateOfferResponse>(`/api/offers/${offerId}/payment`, { method: 'POST' });
}

export const resumeOfferPaymentQueryOptions = (offerId: number) =>
  queryOptions({
    // Not under offersKeys.all: refreshing offer lists must not ask for a new secret.
    queryKey: ['offer-payment', offerId] as const,
    queryFn: () => resumeOfferPayment(offerId),
    // A client secret is only good for this visit: ask again each time the step opens.
    staleTime: 0,
    gcTime: 0,
  });

export function useResumeOfferPayment(offerId: number, options: { enabled: boolean }) {
  return useQuery({ ...resumeOfferPaymentQueryOptions(offerId), enabled: options.enabled });
}

/** The offer exists but is no longer awaiting payment (paid meanwhile, cancelled…). */
export const isNotAwaitingPayment = (error: unknown) => hasErrorCode(error, 'CONFLICT');
