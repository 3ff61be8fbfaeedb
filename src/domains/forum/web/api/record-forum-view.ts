import { apiRequest } from '@/web/lib/api-client';
import type { ForumViewResult } from '../../forum.schema';

/** POST /api/forum/posts/{id}/view: counted once per viewer per UK day. */
export function recordForumView(postId: number): Promise<ForumViewResult> {
  return apiRequest<ForumViewResult>(`/api/forum/posts/${postId}/view`, { method: 'POST' });
}
