import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { CancelOfferBody, Offer } from '../../offers.schema';
import { rightsKeys } from '@/domains/rights/web';
import { offersKeys } from './offers-keys';

export interface CancelOfferVariables {
  offerId: number;
  body: CancelOfferBody;
}

/** PATCH /api/offers/{id}/cancel: withdraws an open offer and releases its card hold. */
export function cancelOffer({ offerId, body }: CancelOfferVariables): Promise<Offer> {
  return apiRequest<Offer>(`/api/offers/${offerId}/cancel`, { method: 'PATCH', body });
}

export function useCancelOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOffer,
    // A withdrawn offer no longer puts its part 'under offer'.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offersKeys.all }),
        queryClient.invalidateQueries({ queryKey: rightsKeys.all }),
      ]),
  });
}
