import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { forbidden, notFound, validation } from '@/shared/errors';
import { POST_NOT_FOUND, REPLY_NOT_FOUND } from '../forum.constants';
import type { ForumPost } from '../forum.schema';
import { forumPosts, forumReplies } from './forum.tables';
import { findPostById } from './forum-rows';
import { lockPost } from './load-forum-rows';

/**
 * The discussion's author marks one reply as the answer (or clears it with null). Only the
 * author: they asked, so they know what answered them.
 */
export async function setAcceptedReply(
  db: Database,
  { userId, postId, replyId }: { userId: number; postId: number | null; replyId: number | null },
): Promise<ForumPost> {
  if (postId === null) throw notFound(POST_NOT_FOUND);
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (post.authorId !== userId) {
      throw forbidden('Only the author of the discussion can mark the answer.');
    }
    if (replyId !== null) {
      const [reply] = await tx
        .select({ postId: forumReplies.postId })
        .from(forumReplies)
        .where(eq(forumReplies.id, replyId))
        .limit(1);
      if (!reply) throw notFound(REPLY_NOT_FOUND);
      if (reply.postId !== postId) {
        throw validation('That reply belongs to another discussion.', {
          replyId: 'That reply belongs to another discussion.',
        });
      }
    }
    await tx.update(forumPosts).set({ acceptedReplyId: replyId }).where(eq(forumPosts.id, postId));
  });
  return (await findPostById(db, userId, postId))!;
}
