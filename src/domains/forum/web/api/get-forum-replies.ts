import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumReplyList } from '../../forum.schema';
import { forumKeys } from './forum-keys';

/** GET /api/forum/posts/{id}/replies: one page, oldest first. */
export function getForumReplies(postId: number, page: number): Promise<ForumReplyList> {
  return apiRequest<ForumReplyList>(`/api/forum/posts/${postId}/replies?page=${page}`);
}

export const forumRepliesQueryOptions = (postId: number, page: number) =>
  queryOptions({
    queryKey: forumKeys.replies(postId, page),
    queryFn: () => getForumReplies(postId, page),
    placeholderData: keepPreviousData,
  });

export function useForumReplies(postId: number, page: number) {
  return useQuery(forumRepliesQueryOptions(postId, page));
}
