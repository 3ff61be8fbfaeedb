import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import type { AppDeps } from '@/server/deps';
import {
  forumPostLikes,
  forumPosts,
  forumPostViews,
  forumReplies,
  forumReplyLikes,
  forumReports,
} from './forum.tables';

/**
 * An account is deleted (part 2 section 6: "removes their ... forum posts"): their
 * discussions, replies, likes, views and reports go, and the counters of other people's
 * discussions and replies come down with them, in one transaction. (The user row may be
 * kept, anonymised, so nothing here relies on the foreign keys cascading.)
 */
export async function eraseUserForumContent(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<void> {
  const userId = user.id;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(forumPosts)
      .set({
        likeCount: sql`greatest(${forumPosts.likeCount} - 1, 0)`,
      })
      .where(
        inArray(
          forumPosts.id,
          tx
            .select({ id: forumPostLikes.postId })
            .from(forumPostLikes)
            .where(eq(forumPostLikes.userId, userId)),
        ),
      );
    await tx
      .update(forumReplies)
      .set({ likeCount: sql`greatest(${forumReplies.likeCount} - 1, 0)` })
      .where(
        inArray(
          forumReplies.id,
          tx
            .select({ id: forumReplyLikes.replyId })
            .from(forumReplyLikes)
            .where(eq(forumReplyLikes.userId, userId)),
        ),
      );
    await tx.execute(sql`
      update ${forumPosts} p set
        reply_count = greatest(p.reply_count - mine.n, 0),
        accepted_reply_id = case when p.accepted_reply_id = any(mine.ids) then null else p.accepted_reply_id end
      from (
        select post_id, count(*)::int as n, array_agg(id) as ids
        from ${forumReplies} where author_id = ${userId} group by post_id
      ) mine
      where p.id = mine.post_id`);
    await tx.delete(forumPostLikes).where(eq(forumPostLikes.userId, userId));
    await tx.delete(forumReplyLikes).where(eq(forumReplyLikes.userId, userId));
    await tx.delete(forumPostViews).where(eq(forumPostViews.userId, userId));
    await tx.delete(forumReports).where(eq(forumReports.reporterId, userId));
    await tx.delete(forumReplies).where(eq(forumReplies.authorId, userId));
    await tx.delete(forumPosts).where(and(eq(forumPosts.authorId, userId)));
  });
}
