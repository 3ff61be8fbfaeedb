import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { Comment, CreateCommentBody } from '../../comments.schema';
import { commentsKeys } from './comments-keys';

/** POST /api/listings/{id}/comments: a new thread, or a reply with parentId. */
export function postComment(listingId: number, body: CreateCommentBody) {
  return apiRequest<{ comment: Comment }>(`/api/listings/${listingId}/comments`, {
    method: 'POST',
    body,
  });
}

export function usePostComment(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) => postComment(listingId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKeys.listing(listingId) }),
  });
}
