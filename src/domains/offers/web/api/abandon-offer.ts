import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { Offer } from '../../offers.schema';
import { rightsKeys } from '@/domains/rights/web';
import { offersKeys } from './offers-keys';

/** POST /api/offers/{id}/abandon: drops an offer whose card was never authorised. */
export function abandonOffer(offerId: number): Promise<Offer> {
  return apiRequest<Offer>(`/api/offers/${offerId}/abandon`, { method: 'POST' });
}

export function useAbandonOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abandonOffer,
    // A withdrawn offer no longer puts its part 'under offer'.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offersKeys.all }),
        queryClient.invalidateQueries({ queryKey: rightsKeys.all }),
      ]),
  });
}
