import { eq, inArray, sql } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import type { AppDeps } from '@/server/deps';
import { commentLikes, commentReports, comments } from './comments.tables';

/**
 * An account is deleted (decision 007): the person's comments go (with the replies to them),
 * their likes are taken back from the counts they added to, and their reports are withdrawn.
 * Foreign keys would drop the rows when the user row goes, but not the counts, and an
 * anonymised account (kept for financial records) keeps its row.
 */
export async function eraseUserComments(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const liked = await tx
      .delete(commentLikes)
      .where(eq(commentLikes.userId, user.id))
      .returning({ commentId: commentLikes.commentId });
    if (liked.length > 0) {
      await tx
        .update(comments)
        .set({ likeCount: sql`greatest(${comments.likeCount} - 1, 0)` })
        .where(
          inArray(
            comments.id,
            liked.map((like) => like.commentId),
          ),
        );
    }
    await tx.delete(commentReports).where(eq(commentReports.reporterId, user.id));
    await tx.delete(comments).where(eq(comments.authorId, user.id));
  });
}
