import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { ENRICHMENT_POLL_MS } from '../../enrichment.constants';
import type { EnrichmentStatus } from '../../enrichment.schema';
import { enrichmentKeys, type SocialSource } from './enrichment-keys';

/** GET /api/admin/{youtube,twitter}-enrichment-status (polled every 5 s, spec part 2 §9). */
export function getEnrichmentStatus(source: SocialSource): Promise<EnrichmentStatus> {
  return apiRequest<EnrichmentStatus>(`/api/admin/${source}-enrichment-status`);
}

export const enrichmentStatusQueryOptions = (source: SocialSource) =>
  queryOptions({
    queryKey: enrichmentKeys.status(source),
    queryFn: () => getEnrichmentStatus(source),
    refetchInterval: ENRICHMENT_POLL_MS,
  });

export function useEnrichmentStatus(source: SocialSource) {
  return useQuery(enrichmentStatusQueryOptions(source));
}
