import type { ListForumPostsQuery } from '../../forum.schema';

export type ForumListParams = Partial<Pick<ListForumPostsQuery, 'category' | 'search' | 'page'>>;

/** Query keys of the forum; mutations invalidate `all` (lists, posts and replies move together). */
export const forumKeys = {
  all: ['forum'] as const,
  lists: () => [...forumKeys.all, 'list'] as const,
  list: (params: ForumListParams) => [...forumKeys.lists(), params] as const,
  post: (id: number) => [...forumKeys.all, 'post', id] as const,
  replies: (id: number, page: number) => [...forumKeys.all, 'replies', id, page] as const,
};
