import { eq } from 'drizzle-orm';
import type { Transaction } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { POST_NOT_FOUND, REPLY_NOT_FOUND } from '../forum.constants';
import { forumPosts, forumReplies } from './forum.tables';

/** The post, locked for this transaction (counters and flags change in step), or 404. */
export async function lockPost(tx: Transaction, postId: number) {
  const [post] = await tx
    .select()
    .from(forumPosts)
    .where(eq(forumPosts.id, postId))
    .for('update')
    .limit(1);
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}

/** The reply, locked for this transaction, or 404. */
export async function lockReply(tx: Transaction, replyId: number) {
  const [reply] = await tx
    .select()
    .from(forumReplies)
    .where(eq(forumReplies.id, replyId))
    .for('update')
    .limit(1);
  if (!reply) throw notFound(REPLY_NOT_FOUND);
  return reply;
}
