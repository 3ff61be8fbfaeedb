import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumPost } from '../../forum.schema';
import { forumKeys } from './forum-keys';

/** GET /api/forum/posts/{id}. */
export function getForumPost(id: number): Promise<ForumPost> {
  return apiRequest<ForumPost>(`/api/forum/posts/${id}`);
}

export const forumPostQueryOptions = (id: number) =>
  queryOptions({ queryKey: forumKeys.post(id), queryFn: () => getForumPost(id), retry: false });

export function useForumPost(id: number) {
  return useQuery(forumPostQueryOptions(id));
}
