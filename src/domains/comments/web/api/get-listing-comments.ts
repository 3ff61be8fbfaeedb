import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { COMMENT_THREADS_PAGE_SIZE } from '../../comments.constants';
import type { CommentThreadsPage } from '../../comments.schema';
import { commentsKeys } from './comments-keys';

/** GET /api/listings/{id}/comments?page&limit: a page of threads, newest first. */
export function getListingComments(listingId: number, page: number): Promise<CommentThreadsPage> {
  return apiRequest<CommentThreadsPage>(
    `/api/listings/${listingId}/comments?page=${page}&limit=${COMMENT_THREADS_PAGE_SIZE}`,
  );
}

/** The spec: no retry, cached 30 seconds. 'Load more' fetches the next page. */
export const listingCommentsQueryOptions = (listingId: number) =>
  infiniteQueryOptions({
    queryKey: commentsKeys.listing(listingId),
    queryFn: ({ pageParam }) => getListingComments(listingId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
    staleTime: 30_000,
    retry: false,
  });

export function useListingComments(listingId: number, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...listingCommentsQueryOptions(listingId), ...options });
}
