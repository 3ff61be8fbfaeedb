import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { Offer } from '../../offers.schema';
import { offersKeys } from './offers-keys';

/** POST /api/offers/{id}/abandon: drops an offer whose card was never authorised. */
export function abandonOffer(offerId: number): Promise<Offer> {
  return apiRequest<Offer>(`/api/offers/${offerId}/abandon`, { method: 'POST' });
}

export function useAbandonOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abandonOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
