import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { FeedbackBody } from '../../recommendations.schema';

/** POST /api/recommendations/feedback: 5 'Commercially Viable', 1 'Not My Market'. */
export function sendRecommendationFeedback(body: FeedbackBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/recommendations/feedback', {
    method: 'POST',
    body,
  });
}

/** The next Refresh shows the effect; the current list stays until then. */
export function useSendRecommendationFeedback() {
  return useMutation({ mutationFn: sendRecommendationFeedback });
}
