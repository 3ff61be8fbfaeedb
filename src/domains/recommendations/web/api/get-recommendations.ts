import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { RecommendationsResponse } from '../../recommendations.schema';

export const recommendationsKeys = {
  all: ['recommendations'] as const,
  list: (limit: number, refresh: number) =>
    [...recommendationsKeys.all, 'list', limit, refresh] as const,
  progress: () => [...recommendationsKeys.all, 'progress'] as const,
  profile: () => [...recommendationsKeys.all, 'profile'] as const,
  similar: (listingId: number) => [...recommendationsKeys.all, 'similar', listingId] as const,
  meaning: (params: string) => [...recommendationsKeys.all, 'meaning', params] as const,
};

/** GET /api/recommendations: limit, excluded ids and the Refresh counter (part 1 section 7). */
export function getRecommendations(
  limit: number,
  refresh: number,
  excluded: number[] = [],
): Promise<RecommendationsResponse> {
  const params = new URLSearchParams({ limit: String(limit), refresh: String(refresh) });
  if (excluded.length > 0) params.set('excluded', excluded.join(','));
  return apiRequest<RecommendationsResponse>(`/api/recommendations?${params.toString()}`);
}

export const recommendationsQueryOptions = (limit: number, refresh: number) =>
  queryOptions({
    queryKey: recommendationsKeys.list(limit, refresh),
    queryFn: () => getRecommendations(limit, refresh),
  });

export function useRecommendations(
  limit: number,
  refresh: number,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...recommendationsQueryOptions(limit, refresh),
    enabled: options.enabled ?? true,
  });
}
