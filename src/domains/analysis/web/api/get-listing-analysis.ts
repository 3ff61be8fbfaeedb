import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { ANALYSIS_CACHE_MS } from '../../analysis.constants';
import type { Analysis } from '../../analysis.schema';
import { analysisKeys } from './analysis-keys';

/** GET /api/commercial-analysis/{listingId} (refresh=true recomputes). */
export function getListingAnalysis(listingId: number, refresh = false): Promise<Analysis> {
  return apiRequest<Analysis>(
    `/api/commercial-analysis/${listingId}${refresh ? '?refresh=true' : ''}`,
  );
}

/** Kept 10 minutes in the browser (part 1 section 9); Refresh asks the server to recompute. */
export const listingAnalysisQueryOptions = (listingId: number) =>
  queryOptions({
    queryKey: analysisKeys.listing(listingId),
    queryFn: () => getListingAnalysis(listingId),
    staleTime: ANALYSIS_CACHE_MS,
    gcTime: ANALYSIS_CACHE_MS,
  });

export function useListingAnalysis(listingId: number) {
  return useQuery(listingAnalysisQueryOptions(listingId));
}

export function useRefreshAnalysis(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getListingAnalysis(listingId, true),
    onSuccess: (analysis) => queryClient.setQueryData(analysisKeys.listing(listingId), analysis),
  });
}

/** The URL of the one-page PDF (a plain link: the browser downloads it with the session). */
export const analysisPdfUrl = (listingId: number) => `/api/commercial-analysis/${listingId}/pdf`;
