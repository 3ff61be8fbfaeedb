import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { FeedbackBody } from '../../recommendations.schema';
import { recommendationsKeys } from './get-recommendations';

/** POST /api/recommendations/feedback: 5 'Commercially Viable', 1 'Not My Market'. */
export function sendRecommendationFeedback(body: FeedbackBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/recommendations/feedback', {
    method: 'POST',
    body,
  });
}

/**
 * The list on screen stays (so the pressed button stays where it was clicked), but every
 * cached list is marked stale: the next load (Refresh, the home page, coming back) shows the
 * effect at once.
 */
export function useSendRecommendationFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRecommendationFeedback,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: recommendationsKeys.all, refetchType: 'none' }),
  });
}
