import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { MeaningSearchResponse } from '../../recommendations.schema';
import { recommendationsKeys } from './get-recommendations';

/**
 * GET /api/listings/by-meaning: `params` carries the catalogue's filters (as the catalogue
 * writes them) and the description as `meaning`.
 */
export function searchByMeaning(params: URLSearchParams): Promise<MeaningSearchResponse> {
  return apiRequest<MeaningSearchResponse>(`/api/listings/by-meaning?${params.toString()}`);
}

export function useMeaningSearch(params: URLSearchParams, options: { enabled?: boolean } = {}) {
  const key = params.toString();
  return useQuery({
    queryKey: recommendationsKeys.meaning(key),
    queryFn: () => searchByMeaning(new URLSearchParams(key)),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
