import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForumReportBody } from '../../forum.schema';

/** POST /api/forum/reports with postId or replyId and an optional reason. */
export function reportForumContent(body: ForumReportBody): Promise<{ id: number }> {
  return apiRequest<{ id: number }>('/api/forum/reports', { method: 'POST', body });
}

export function useReportForumContent() {
  return useMutation({ mutationFn: reportForumContent });
}
