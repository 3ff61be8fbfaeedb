import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { SearchQuery, SearchResponse } from '../../analysis.schema';
import { analysisKeys } from './analysis-keys';

/** GET /api/commercial-analysis/search: pages of 20. */
export function searchAnalyses(query: Partial<SearchQuery>): Promise<SearchResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return apiRequest<SearchResponse>(`/api/commercial-analysis/search?${params.toString()}`);
}

export const searchAnalysesQueryOptions = (query: Partial<SearchQuery>) =>
  queryOptions({
    queryKey: analysisKeys.search(query),
    queryFn: () => searchAnalyses(query),
    placeholderData: keepPreviousData,
  });

export function useSearchAnalyses(query: Partial<SearchQuery>) {
  return useQuery(searchAnalysesQueryOptions(query));
}
