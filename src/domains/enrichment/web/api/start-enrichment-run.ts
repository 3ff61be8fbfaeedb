import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { StartRunResponse } from '../../enrichment.schema';
import { enrichmentKeys, type SocialSource } from './enrichment-keys';

/** POST /api/admin/enrich-youtube|enrich-twitter {batchSize} → {processed, total}. */
export function startEnrichmentRun(
  source: SocialSource,
  batchSize: number,
): Promise<StartRunResponse> {
  return apiRequest<StartRunResponse>(`/api/admin/enrich-${source}`, {
    method: 'POST',
    body: { batchSize },
  });
}

export function useStartEnrichmentRun(source: SocialSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchSize: number) => startEnrichmentRun(source, batchSize),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enrichmentKeys.status(source) }),
  });
}
