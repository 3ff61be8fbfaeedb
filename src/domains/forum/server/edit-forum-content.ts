import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';
import { POST_NOT_FOUND, REPLY_NOT_FOUND, type ForumCategory } from '../forum.constants';
import type { ForumPost, ForumReply } from '../forum.schema';
import { forumPosts, forumReplies } from './forum.tables';
import { findPostById, findReplyById } from './forum-rows';
import { lockPost, lockReply } from './load-forum-rows';

const NOT_YOURS = 'You can only edit your own posts and replies.';

/** The author edits their discussion (nobody else may: an admin removes, never rewrites). */
export async function editForumPost(
  db: Database,
  options: {
    userId: number;
    postId: number | null;
    title: string;
    content: string;
    category: ForumCategory;
    tags: string[];
    now?: Date;
  },
): Promise<ForumPost> {
  const { userId, postId, title, content, category, tags, now = new Date() } = options;
  if (postId === null) throw notFound(POST_NOT_FOUND);
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (post.authorId !== userId) throw forbidden(NOT_YOURS);
    await tx
      .update(forumPosts)
      .set({ title, content, category, tags, isEdited: true, updatedAt: now })
      .where(eq(forumPosts.id, postId));
  });
  return (await findPostById(db, userId, postId))!;
}

/** The author edits their reply. */
export async function editForumReply(
  db: Database,
  options: { userId: number; replyId: number | null; content: string; now?: Date },
): Promise<ForumReply> {
  const { userId, replyId, content, now = new Date() } = options;
  if (replyId === null) throw notFound(REPLY_NOT_FOUND);
  await db.transaction(async (tx) => {
    const reply = await lockReply(tx, replyId);
    if (reply.authorId !== userId) throw forbidden(NOT_YOURS);
    await tx
      .update(forumReplies)
      .set({ content, isEdited: true, updatedAt: now })
      .where(eq(forumReplies.id, replyId));
  });
  return (await findReplyById(db, userId, replyId))!;
}
