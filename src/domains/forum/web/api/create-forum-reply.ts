import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumReply } from '../../forum.schema';
import { forumKeys } from './forum-keys';

/** POST /api/forum/posts/{id}/replies. */
export function createForumReply(postId: number, content: string): Promise<ForumReply> {
  return apiRequest<ForumReply>(`/api/forum/posts/${postId}/replies`, {
    method: 'POST',
    body: { content },
  });
}

export function useCreateForumReply(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createForumReply(postId, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}
