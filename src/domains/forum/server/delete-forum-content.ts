import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { forbidden, notFound } from '@/shared/errors';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import { POST_NOT_FOUND, REPLY_NOT_FOUND } from '../forum.constants';
import { isForumModerator } from '../forum.rules';
import { forumPosts, forumReplies } from './forum.tables';
import { forumContentRemovedMail } from './forum-mails';
import { lockPost, lockReply } from './load-forum-rows';

const NOT_YOURS = 'You can only delete your own posts and replies.';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

interface Removed {
  authorId: number;
  kind: 'post' | 'reply';
  postTitle: string;
  excerpt: string;
}

/** After the commit: the author hears that a moderator removed their text. */
async function tellAuthor(deps: Deps, removed: Removed): Promise<void> {
  const [author] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, removed.authorId))
    .limit(1);
  if (!author) return;
  await deps.mailer.send({
    to: author.email,
    ...forumContentRemovedMail({
      publicUrl: deps.config.publicUrl,
      firstName: author.firstName,
      kind: removed.kind,
      postTitle: removed.postTitle,
      excerpt: removed.excerpt,
    }),
  });
}

/**
 * Deletes a discussion with its replies, likes, views and reports (the foreign keys cascade).
 * Its author may; an admin may delete anyone's, which is audited and emailed to the author.
 */
export async function deleteForumPost(
  deps: Deps,
  { actor, postId }: { actor: UserRow; postId: number | null },
): Promise<void> {
  if (postId === null) throw notFound(POST_NOT_FOUND);
  const moderated = await deps.db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    const isAuthor = post.authorId === actor.id;
    if (!isAuthor && !isForumModerator(actor)) throw forbidden(NOT_YOURS);
    await tx.delete(forumPosts).where(eq(forumPosts.id, postId));
    if (isAuthor) return null;
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: 'delete_forum_post',
      targetType: 'forum_post',
      targetId: post.id,
      targetLabel: post.title,
      before: { authorId: post.authorId, title: post.title, category: post.category },
    });
    return {
      authorId: post.authorId,
      kind: 'post',
      postTitle: post.title,
      excerpt: post.content,
    } satisfies Removed;
  });
  if (moderated) await tellAuthor(deps, moderated);
}

/**
 * Deletes a reply: its post's reply count goes down in the same transaction, and the post
 * loses its accepted answer if this was it. The author may; an admin may delete anyone's
 * (audited, author emailed).
 */
export async function deleteForumReply(
  deps: Deps,
  { actor, replyId }: { actor: UserRow; replyId: number | null },
): Promise<void> {
  if (replyId === null) throw notFound(REPLY_NOT_FOUND);
  const moderated = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ postId: forumReplies.postId })
      .from(forumReplies)
      .where(eq(forumReplies.id, replyId))
      .limit(1);
    if (!found) throw notFound(REPLY_NOT_FOUND);
    // Post first, then reply: the order every forum transaction locks in.
    const post = await lockPost(tx, found.postId);
    const reply = await lockReply(tx, replyId);
    const isAuthor = reply.authorId === actor.id;
    if (!isAuthor && !isForumModerator(actor)) throw forbidden(NOT_YOURS);
    await tx.delete(forumReplies).where(eq(forumReplies.id, replyId));
    await tx
      .update(forumPosts)
      .set({
        replyCount: sql`greatest(${forumPosts.replyCount} - 1, 0)`,
        ...(post.acceptedReplyId === replyId ? { acceptedReplyId: null } : {}),
      })
      .where(eq(forumPosts.id, post.id));
    if (isAuthor) return null;
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: 'delete_forum_reply',
      targetType: 'forum_reply',
      targetId: reply.id,
      targetLabel: post.title,
      before: { authorId: reply.authorId, postId: post.id, content: reply.content.slice(0, 500) },
    });
    return {
      authorId: reply.authorId,
      kind: 'reply',
      postTitle: post.title,
      excerpt: reply.content,
    } satisfies Removed;
  });
  if (moderated) await tellAuthor(deps, moderated);
}
