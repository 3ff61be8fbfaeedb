import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { ForumLikeResult } from '../forum.schema';
import { forumPostLikes, forumPosts, forumReplies, forumReplyLikes } from './forum.tables';
import { lockPost, lockReply } from './load-forum-rows';

export type ForumLikeTarget = { postId: number } | { replyId: number };

/**
 * Likes a post or a reply, or takes the like back if the user had liked it (part 2
 * section 7: liking toggles). The like row and the counter change in one transaction with
 * the liked row locked, so the count always equals the rows.
 */
export async function toggleForumLike(
  db: Database,
  { userId, target }: { userId: number; target: ForumLikeTarget },
): Promise<ForumLikeResult> {
  return db.transaction(async (tx) => {
    if ('postId' in target) {
      const post = await lockPost(tx, target.postId);
      const removed = await tx
        .delete(forumPostLikes)
        .where(and(eq(forumPostLikes.postId, post.id), eq(forumPostLikes.userId, userId)))
        .returning({ postId: forumPostLikes.postId });
      if (removed.length === 0) await tx.insert(forumPostLikes).values({ postId: post.id, userId });
      const delta = removed.length === 0 ? 1 : -1;
      const [updated] = await tx
        .update(forumPosts)
        .set({ likeCount: sql`greatest(${forumPosts.likeCount} + ${delta}, 0)` })
        .where(eq(forumPosts.id, post.id))
        .returning({ likeCount: forumPosts.likeCount });
      return { likeCount: updated.likeCount, userHasLiked: delta === 1 };
    }
    const reply = await lockReply(tx, target.replyId);
    const removed = await tx
      .delete(forumReplyLikes)
      .where(and(eq(forumReplyLikes.replyId, reply.id), eq(forumReplyLikes.userId, userId)))
      .returning({ replyId: forumReplyLikes.replyId });
    if (removed.length === 0)
      await tx.insert(forumReplyLikes).values({ replyId: reply.id, userId });
    const delta = removed.length === 0 ? 1 : -1;
    const [updated] = await tx
      .update(forumReplies)
      .set({ likeCount: sql`greatest(${forumReplies.likeCount} + ${delta}, 0)` })
      .where(eq(forumReplies.id, reply.id))
      .returning({ likeCount: forumReplies.likeCount });
    return { likeCount: updated.likeCount, userHasLiked: delta === 1 };
  });
}
