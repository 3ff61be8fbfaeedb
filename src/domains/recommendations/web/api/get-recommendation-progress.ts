import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { PROGRESS_POLL_MS } from '../../recommendations.constants';
import type { ProgressResponse } from '../../recommendations.schema';
import { recommendationsKeys } from './get-recommendations';

/** GET /api/recommendations/progress: the stage and percent of the generation under way. */
export function getRecommendationProgress(): Promise<ProgressResponse> {
  return apiRequest<ProgressResponse>('/api/recommendations/progress');
}

/** Polled every 800 ms while the recommendations load (part 1 section 7). */
export function useRecommendationProgress(isLoading: boolean) {
  return useQuery({
    queryKey: recommendationsKeys.progress(),
    queryFn: getRecommendationProgress,
    enabled: isLoading,
    refetchInterval: isLoading ? PROGRESS_POLL_MS : false,
    gcTime: 0,
  });
}
