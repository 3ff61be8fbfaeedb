import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AdminCommentsPage, AdminCommentsQuery, CommentStats } from '../../comments.schema';
import { commentsKeys } from './comments-keys';

/** GET /api/admin/comments?page&limit=20[&listingId][&reported=true]. */
export function getAdminComments(query: AdminCommentsQuery): Promise<AdminCommentsPage> {
  const params = new URLSearchParams({ page: String(query.page ?? 1), limit: '20' });
  if (query.listingId) params.set('listingId', query.listingId);
  if (query.reported === 'true') params.set('reported', 'true');
  return apiRequest<AdminCommentsPage>(`/api/admin/comments?${params.toString()}`);
}

export const adminCommentsQueryOptions = (query: AdminCommentsQuery) =>
  queryOptions({
    queryKey: commentsKeys.adminList(query),
    queryFn: () => getAdminComments(query),
    placeholderData: keepPreviousData,
  });

export function useAdminComments(query: AdminCommentsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminCommentsQueryOptions(query), ...options });
}

/** GET /api/admin/comments/stats. */
export function getCommentStats(): Promise<CommentStats> {
  return apiRequest<CommentStats>('/api/admin/comments/stats');
}

export function useCommentStats(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: commentsKeys.adminStats(),
    queryFn: getCommentStats,
    ...options,
  });
}

/** DELETE /api/admin/comments/{id}: removed, audited, its author emailed. */
export function deleteAdminComment(commentId: number) {
  return apiRequest<{ deleted: true }>(`/api/admin/comments/${commentId}`, { method: 'DELETE' });
}

export function useDeleteAdminComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKeys.all }),
  });
}

/** POST /api/admin/comments/{id}/dismiss-reports: keep the comment, close its reports. */
export function dismissCommentReports(commentId: number) {
  return apiRequest<{ dismissed: number }>(`/api/admin/comments/${commentId}/dismiss-reports`, {
    method: 'POST',
  });
}

export function useDismissCommentReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissCommentReports,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKeys.admin() }),
  });
}
