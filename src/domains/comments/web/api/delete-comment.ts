import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { commentsKeys } from './comments-keys';

/** DELETE /api/comments/{id}: the author's own (admins: anyone's); replies stay under a placeholder. */
export function deleteComment(commentId: number) {
  return apiRequest<{ deleted: true }>(`/api/comments/${commentId}`, { method: 'DELETE' });
}

/** Refetches every comments query: the thread, and the admin lists and stats. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKeys.all }),
  });
}
