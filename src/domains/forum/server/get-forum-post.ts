import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { POST_NOT_FOUND } from '../forum.constants';
import type { ForumPost } from '../forum.schema';
import { findPostById } from './forum-rows';

/** One discussion as the viewer sees it, or 404. */
export async function getForumPost(
  db: Executor,
  { viewerId, postId }: { viewerId: number; postId: number | null },
): Promise<ForumPost> {
  const post = postId === null ? null : await findPostById(db, viewerId, postId);
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}
