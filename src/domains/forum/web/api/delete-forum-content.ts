import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { forumKeys } from './forum-keys';

/** DELETE /api/forum/posts/{id} or /api/forum/replies/{id} (the author, or an admin). */
export function deleteForumContent(kind: 'post' | 'reply', id: number): Promise<unknown> {
  const base = kind === 'post' ? '/api/forum/posts' : '/api/forum/replies';
  return apiRequest(`${base}/${id}`, { method: 'DELETE' });
}

export function useDeleteForumContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'post' | 'reply'; id: number }) =>
      deleteForumContent(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}
