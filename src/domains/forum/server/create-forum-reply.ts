import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { conflict, notFound } from '@/shared/errors';
import { POST_LOCKED_MESSAGE, POST_NOT_FOUND } from '../forum.constants';
import type { ForumReply } from '../forum.schema';
import { forumPosts, forumReplies } from './forum.tables';
import { findReplyById } from './forum-rows';
import { lockPost } from './load-forum-rows';

export interface CreateForumReplyOptions {
  authorId: number;
  postId: number | null;
  content: string;
  now?: Date;
}

/**
 * Replies to a discussion. A locked discussion takes no replies (409). The reply, the post's
 * reply count and its last activity change in one transaction, with the post row locked so
 * concurrent replies count exactly.
 */
export async function createForumReply(
  db: Database,
  { authorId, postId, content, now = new Date() }: CreateForumReplyOptions,
): Promise<ForumReply> {
  if (postId === null) throw notFound(POST_NOT_FOUND);
  const replyId = await db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (post.isLocked) throw conflict(POST_LOCKED_MESSAGE);
    const [reply] = await tx
      .insert(forumReplies)
      .values({ postId, authorId, content, createdAt: now, updatedAt: now })
      .returning({ id: forumReplies.id });
    await tx
      .update(forumPosts)
      .set({ replyCount: sql`${forumPosts.replyCount} + 1`, lastActivityAt: now })
      .where(eq(forumPosts.id, postId));
    return reply.id;
  });
  return (await findReplyById(db, authorId, replyId))!;
}
