import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { CreateForumPostBody, ForumPost } from '../../forum.schema';
import { forumKeys } from './forum-keys';

/** POST /api/forum/posts. */
export function createForumPost(body: CreateForumPostBody): Promise<ForumPost> {
  return apiRequest<ForumPost>('/api/forum/posts', { method: 'POST', body });
}

export function useCreateForumPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createForumPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.lists() }),
  });
}
