import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { Offer } from '../../offers.schema';
import { offersKeys } from './offers-keys';

/**
 * POST /api/offers/{id}/sync: after Stripe.js confirmed the card, the server reads the
 * PaymentIntent from Stripe and records the hold at once (the webhook may come later).
 */
export function syncOffer(offerId: number): Promise<Offer> {
  return apiRequest<Offer>(`/api/offers/${offerId}/sync`, { method: 'POST' });
}

export function useSyncOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
