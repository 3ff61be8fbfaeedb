import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { CommentLikeResponse, CommentThreadsPage } from '../../comments.schema';
import { commentsKeys } from './comments-keys';

/** POST /api/comments/{id}/like: like, or take the like back. */
export function toggleCommentLike(commentId: number) {
  return apiRequest<CommentLikeResponse>(`/api/comments/${commentId}/like`, { method: 'POST' });
}

type Threads = InfiniteData<CommentThreadsPage, number>;

/** The cached threads with one comment's like state changed. */
function withLike(
  data: Threads,
  commentId: number,
  change: (c: CommentLikeResponse) => CommentLikeResponse,
): Threads {
  const apply = <C extends CommentLikeResponse & { id: number }>(comment: C): C =>
    comment.id === commentId ? { ...comment, ...change(comment) } : comment;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      comments: page.comments.map((thread) => ({
        ...apply(thread),
        replies: thread.replies.map(apply),
      })),
    })),
  };
}

/** Optimistic: the heart and count change at once; a failure puts them back. */
export function useToggleCommentLike(listingId: number) {
  const queryClient = useQueryClient();
  const key = commentsKeys.listing(listingId);
  return useMutation({
    mutationFn: toggleCommentLike,
    onMutate: async (commentId: number) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Threads>(key);
      if (previous) {
        queryClient.setQueryData<Threads>(
          key,
          withLike(previous, commentId, ({ likeCount, userHasLiked }) => ({
            likeCount: Math.max(0, likeCount + (userHasLiked ? -1 : 1)),
            userHasLiked: !userHasLiked,
          })),
        );
      }
      return { previous };
    },
    onError: (_error, _commentId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer, commentId) => {
      const current = queryClient.getQueryData<Threads>(key);
      if (current)
        queryClient.setQueryData<Threads>(
          key,
          withLike(current, commentId, () => answer),
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
