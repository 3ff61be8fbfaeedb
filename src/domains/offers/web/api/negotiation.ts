import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type {
  NegotiationResponse,
  OfferTermsResponse,
  TermSheetBodyInput,
} from '../../offers.schema';
import { rightsKeys } from '@/domains/rights/web';
import { offersKeys } from './offers-keys';

const termsKey = (offerId: number) => [...offersKeys.all, 'terms', offerId] as const;

/** GET /api/offers/{id}/terms: the term sheet's versions, holds and agreement. */
export function useOfferTerms(offerId: number, enabled = true) {
  return useQuery({
    queryKey: termsKey(offerId),
    queryFn: () => apiRequest<OfferTermsResponse>(`/api/offers/${offerId}/terms`),
    enabled,
  });
}

/** POST /api/offers/{id}/counter: the agent's counter, or the producer's counter back. */
export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, terms }: { offerId: number; terms: TermSheetBodyInput }) =>
      apiRequest<NegotiationResponse>(`/api/offers/${offerId}/counter`, {
        method: 'POST',
        body: terms,
      }),
    // Not awaited: the refetch can unmount the button that asked (its status changes), and
    // TanStack Query drops a mutate() call's own callbacks once their component is gone.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offersKeys.all });
    },
    // The offer's part changed, or was refused as taken: the grid is read again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rightsKeys.all });
    },
  });
}

/** POST /api/offers/{id}/accept-counter: the producer takes the agent's terms. */
export function useAcceptCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) =>
      apiRequest<NegotiationResponse>(`/api/offers/${offerId}/accept-counter`, {
        method: 'POST',
      }),
    // Not awaited: the refetch can unmount the button that asked (its status changes), and
    // TanStack Query drops a mutate() call's own callbacks once their component is gone.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offersKeys.all });
      void queryClient.invalidateQueries({ queryKey: rightsKeys.all });
    },
  });
}
