import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/comments/{id}/report: flag a comment for the moderators. */
export function reportComment(commentId: number, reason?: string) {
  return apiRequest<{ reported: true }>(`/api/comments/${commentId}/report`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

export function useReportComment() {
  return useMutation({
    mutationFn: ({ commentId, reason }: { commentId: number; reason?: string }) =>
      reportComment(commentId, reason),
  });
}
