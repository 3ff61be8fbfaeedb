import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumPost } from '../../forum.schema';
import { forumKeys } from './forum-keys';

export type ForumPostChange =
  | { kind: 'sticky'; value: boolean }
  | { kind: 'lock'; value: boolean }
  | { kind: 'accepted-reply'; value: number | null };

/**
 * POST /api/forum/posts/{id}/sticky {isSticky}, .../lock {isLocked} (admins) and
 * .../accepted-reply {replyId} (the post's author).
 */
export function changeForumPost(id: number, change: ForumPostChange): Promise<ForumPost> {
  const body =
    change.kind === 'sticky'
      ? { isSticky: change.value }
      : change.kind === 'lock'
        ? { isLocked: change.value }
        : { replyId: change.value };
  return apiRequest<ForumPost>(`/api/forum/posts/${id}/${change.kind}`, { method: 'POST', body });
}

export function useChangeForumPost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ForumPostChange) => changeForumPost(id, change),
    onSuccess: (post) => {
      queryClient.setQueryData(forumKeys.post(id), post);
      return queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
  });
}
