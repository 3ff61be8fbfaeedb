import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingDeletedResponse } from '@/domains/listings/listing-form.schema';
import { apiRequest } from '@/web/lib/api-client';
import type { AgentListingsResponse, AgentOffersResponse, Offer } from '../../offers.schema';
import { rightsKeys } from '@/domains/rights/web';
import { offersKeys } from './offers-keys';

/** GET /api/offers/agent/{agentId}: every offer that reached the agent, newest first. */
export function useAgentOffers(agentId: number | undefined) {
  return useQuery({
    queryKey: offersKeys.agentOffers(agentId ?? 0),
    queryFn: () => apiRequest<AgentOffersResponse>(`/api/offers/agent/${agentId}`),
    enabled: agentId !== undefined,
  });
}

/** GET /api/listings/agent/{agentId}: the agent's listings with their offer counters. */
export function useAgentListings(agentId: number | undefined) {
  return useQuery({
    queryKey: offersKeys.agentListings(agentId ?? 0),
    queryFn: () => apiRequest<AgentListingsResponse>(`/api/listings/agent/${agentId}`),
    enabled: agentId !== undefined,
  });
}

interface Decision {
  offerId: number;
  decision: 'accept' | 'reject';
  /** A rejection may say why; the producer reads it in their email and submissions. */
  reason?: string;
}

/** PATCH /api/offers/{id}/accept|reject: the agent's decision on a pending offer. */
export function useDecideOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, decision, reason }: Decision) =>
      apiRequest<Offer>(`/api/offers/${offerId}/${decision}`, {
        method: 'PATCH',
        ...(decision === 'reject' && reason ? { body: { reason } } : {}),
      }),
    // An acceptance takes its part of the grid (or was refused because another deal had).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offersKeys.all }),
        queryClient.invalidateQueries({ queryKey: rightsKeys.all }),
      ]),
  });
}

/** DELETE /api/listings/{id}: open holds released first; kept, withdrawn, if an offer was accepted. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: number) =>
      apiRequest<ListingDeletedResponse>(`/api/listings/${listingId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
