import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumLikeBody, ForumLikeResult } from '../../forum.schema';
import { forumKeys } from './forum-keys';

/** POST /api/forum/like with postId or replyId: toggles, answers the new count. */
export function toggleForumLike(body: ForumLikeBody): Promise<ForumLikeResult> {
  return apiRequest<ForumLikeResult>('/api/forum/like', { method: 'POST', body });
}

export function useToggleForumLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleForumLike,
    onSettled: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}
