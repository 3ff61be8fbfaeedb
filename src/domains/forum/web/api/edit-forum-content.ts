import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumPost, ForumReply, UpdateForumPostBody } from '../../forum.schema';
import { forumKeys } from './forum-keys';

/** PUT /api/forum/posts/{id} (the author). */
export function editForumPost(id: number, body: UpdateForumPostBody): Promise<ForumPost> {
  return apiRequest<ForumPost>(`/api/forum/posts/${id}`, { method: 'PUT', body });
}

/** PUT /api/forum/replies/{id} (the author). */
export function editForumReply(id: number, content: string): Promise<ForumReply> {
  return apiRequest<ForumReply>(`/api/forum/replies/${id}`, { method: 'PUT', body: { content } });
}

export function useEditForumPost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateForumPostBody) => editForumPost(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

export function useEditForumReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => editForumReply(id, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}
