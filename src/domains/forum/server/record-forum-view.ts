import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { FORUM_TIME_ZONE, POST_NOT_FOUND } from '../forum.constants';
import type { ForumViewResult } from '../forum.schema';
import { forumPosts, forumPostViews } from './forum.tables';

/** 'YYYY-MM-DD' of the UK day the moment falls in. */
export function ukDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: FORUM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Opening a discussion counts a view (part 2 section 7), once per viewer per UK day so that
 * reloading or coming back after a reply does not inflate it: the day's view row and the
 * counter change in one transaction.
 */
export async function recordForumView(
  db: Database,
  { userId, postId, now = new Date() }: { userId: number; postId: number | null; now?: Date },
): Promise<ForumViewResult> {
  if (postId === null) throw notFound(POST_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: forumPosts.id, viewCount: forumPosts.viewCount })
      .from(forumPosts)
      .where(eq(forumPosts.id, postId))
      .limit(1);
    if (!post) throw notFound(POST_NOT_FOUND);
    const inserted = await tx
      .insert(forumPostViews)
      .values({ postId, userId, day: ukDay(now) })
      .onConflictDoNothing()
      .returning({ postId: forumPostViews.postId });
    if (inserted.length === 0) return { viewCount: post.viewCount, counted: false };
    const [updated] = await tx
      .update(forumPosts)
      .set({ viewCount: sql`${forumPosts.viewCount} + 1` })
      .where(eq(forumPosts.id, postId))
      .returning({ viewCount: forumPosts.viewCount });
    return { viewCount: updated.viewCount, counted: true };
  });
}
