import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { EnrichmentServices } from '../../enrichment.schema';
import { enrichmentKeys } from './enrichment-keys';

/** GET /api/enrichment/services: which services are configured, and their settings. */
export function getEnrichmentServices(): Promise<EnrichmentServices> {
  return apiRequest<EnrichmentServices>('/api/enrichment/services');
}

export const enrichmentServicesQueryOptions = () =>
  queryOptions({ queryKey: enrichmentKeys.services(), queryFn: getEnrichmentServices });

export function useEnrichmentServices() {
  return useQuery(enrichmentServicesQueryOptions());
}
