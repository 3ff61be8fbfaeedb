import { and, eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Database } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import type { CommentLikeResponse } from '../comments.schema';
import { getCommentWithListing, requireCommentsAccess } from './comment-access';
import { commentLikes, comments } from './comments.tables';

/**
 * Likes the comment, or takes the like back if the member already liked it. The like row and
 * the comment's likeCount change in one transaction, so the count always equals the rows.
 */
export async function toggleCommentLike(
  db: Database,
  { user, commentId, now }: { user: UserRow; commentId: number; now: Date },
): Promise<CommentLikeResponse> {
  const { listing } = await getCommentWithListing(db, commentId, user);
  requireCommentsAccess(user, listing, now);

  return db.transaction(async (tx) => {
    const mine = and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, user.id));
    const removed = await tx
      .delete(commentLikes)
      .where(mine)
      .returning({ id: commentLikes.userId });
    let delta = -removed.length;
    if (removed.length === 0) {
      const added = await tx
        .insert(commentLikes)
        .values({ commentId, userId: user.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: commentLikes.userId });
      delta = added.length;
    }
    const [updated] = await tx
      .update(comments)
      .set({ likeCount: sql`greatest(${comments.likeCount} + ${delta}, 0)` })
      .where(eq(comments.id, commentId))
      .returning({ likeCount: comments.likeCount });
    if (!updated) throw notFound(COMMENT_MESSAGES.commentNotFound);
    return { likeCount: updated.likeCount, userHasLiked: removed.length === 0 };
  });
}
