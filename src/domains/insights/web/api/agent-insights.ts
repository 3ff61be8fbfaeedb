import { useQuery } from '@tanstack/react-query';
import { offersKeys } from '@/domains/offers/web';
import { apiRequest } from '@/web/lib/api-client';
import type { AgentAnalyticsResponse, ListingViewersResponse } from '../../insights.schema';

/**
 * Query keys of the insights room. They sit under the offers room's keys on purpose: an
 * offer's decision (which invalidates every offers key) must refresh the analytics too.
 */
export const insightsKeys = {
  agentAnalytics: (agentId: number) => [...offersKeys.all, 'agent-analytics', agentId] as const,
  listingViewers: (agentId: number, listingId: number) =>
    [...offersKeys.all, 'listing-viewers', agentId, listingId] as const,
};

/** GET /api/analytics/agent/{agentId}: fetched only while the Analytics tab is open. */
export function useAgentAnalytics(agentId: number | undefined) {
  return useQuery({
    queryKey: insightsKeys.agentAnalytics(agentId ?? 0),
    queryFn: () => apiRequest<AgentAnalyticsResponse>(`/api/analytics/agent/${agentId}`),
    enabled: agentId !== undefined,
  });
}

/** GET /api/analytics/agent/{agentId}/listings/{listingId}/viewers: who looked at a listing. */
export function useListingViewers(agentId: number, listingId: number | null) {
  return useQuery({
    queryKey: insightsKeys.listingViewers(agentId, listingId ?? 0),
    queryFn: () =>
      apiRequest<ListingViewersResponse>(
        `/api/analytics/agent/${agentId}/listings/${listingId}/viewers`,
      ),
    enabled: listingId !== null,
  });
}
