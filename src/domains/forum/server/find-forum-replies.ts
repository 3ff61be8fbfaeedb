import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { POST_NOT_FOUND } from '../forum.constants';
import type { ForumReplyList, ListForumRepliesQuery } from '../forum.schema';
import { forumPosts, forumReplies } from './forum.tables';
import { countAll, findVerifiedAuthors, selectReplies, toForumReply } from './forum-rows';

/** One page of a discussion's replies, oldest first (a conversation reads top to bottom). */
export async function findForumReplies(
  db: Executor,
  {
    viewerId,
    postId,
    page,
    limit,
  }: ListForumRepliesQuery & { viewerId: number; postId: number | null },
): Promise<ForumReplyList> {
  if (postId === null) throw notFound(POST_NOT_FOUND);
  const [post] = await db
    .select({ id: forumPosts.id })
    .from(forumPosts)
    .where(eq(forumPosts.id, postId))
    .limit(1);
  if (!post) throw notFound(POST_NOT_FOUND);
  const [rows, [counted]] = await Promise.all([
    selectReplies(db, viewerId)
      .where(eq(forumReplies.postId, postId))
      .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: countAll }).from(forumReplies).where(eq(forumReplies.postId, postId)),
  ]);
  const total = Number(counted.total);
  const verifiedAuthors = await findVerifiedAuthors(db, rows);
  return {
    replies: rows.map((row) => toForumReply(row, viewerId, verifiedAuthors)),
    page,
    limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}
