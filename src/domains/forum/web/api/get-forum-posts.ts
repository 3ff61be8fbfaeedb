import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumPostList } from '../../forum.schema';
import { forumKeys, type ForumListParams } from './forum-keys';

/** GET /api/forum/posts: one page of discussions, pinned first, with the forum's figures. */
export function getForumPosts(params: ForumListParams): Promise<ForumPostList> {
  const query = new URLSearchParams();
  if (params.category && params.category !== 'all') query.set('category', params.category);
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const suffix = query.size > 0 ? `?${query}` : '';
  return apiRequest<ForumPostList>(`/api/forum/posts${suffix}`);
}

export const forumPostsQueryOptions = (params: ForumListParams) =>
  queryOptions({
    queryKey: forumKeys.list(params),
    queryFn: () => getForumPosts(params),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useForumPosts(params: ForumListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...forumPostsQueryOptions(params), enabled: options.enabled ?? true });
}
