import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { CreateOfferResponse } from '../../offers.schema';
import { offersKeys } from './offers-keys';

/** POST /api/offers/{id}/renew: a new card hold (and client secret) for the offer. */
export function renewOffer(offerId: number): Promise<CreateOfferResponse> {
  return apiRequest<CreateOfferResponse>(`/api/offers/${offerId}/renew`, { method: 'POST' });
}

export function useRenewOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
