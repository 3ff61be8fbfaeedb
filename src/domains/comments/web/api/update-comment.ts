import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { Comment } from '../../comments.schema';
import { commentsKeys } from './comments-keys';

/** PUT /api/comments/{id}: the author's new text. */
export function updateComment(commentId: number, content: string) {
  return apiRequest<{ comment: Comment }>(`/api/comments/${commentId}`, {
    method: 'PUT',
    body: { content },
  });
}

export function useUpdateComment(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: number; content: string }) =>
      updateComment(commentId, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKeys.listing(listingId) }),
  });
}
