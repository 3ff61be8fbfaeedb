import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { BatchQuery, BatchResponse } from '../../analysis.schema';
import { analysisKeys } from './analysis-keys';

/** GET /api/commercial-analysis/batch: the viability dashboard's best-scored listings. */
export function getAnalysisBatch(query: Partial<BatchQuery>): Promise<BatchResponse> {
  const params = new URLSearchParams();
  if (query.limit) params.set('limit', String(query.limit));
  if (query.genre) params.set('genre', query.genre);
  if (query.medium) params.set('medium', query.medium);
  return apiRequest<BatchResponse>(`/api/commercial-analysis/batch?${params.toString()}`);
}

export const analysisBatchQueryOptions = (query: Partial<BatchQuery>) =>
  queryOptions({
    queryKey: analysisKeys.batch(query),
    queryFn: () => getAnalysisBatch(query),
    placeholderData: keepPreviousData,
  });

export function useAnalysisBatch(query: Partial<BatchQuery>) {
  return useQuery(analysisBatchQueryOptions(query));
}
