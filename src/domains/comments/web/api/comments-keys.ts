import type { AdminCommentsQuery } from '../../comments.schema';

export const commentsKeys = {
  all: ['comments'] as const,
  listing: (listingId: number) => [...commentsKeys.all, 'listing', listingId] as const,
  admin: () => [...commentsKeys.all, 'admin'] as const,
  adminList: (query: AdminCommentsQuery) => [...commentsKeys.admin(), 'list', query] as const,
  adminStats: () => [...commentsKeys.admin(), 'stats'] as const,
};
