import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import type { Executor } from '@/server/db/client';
import type { AppDeps } from '@/server/deps';
import { forbidden, notFound } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import { canDeleteComment } from '../comments.rules';
import { getCommentWithListing } from './comment-access';
import { commentRemovedMail } from './comment-mails';
import { commentLikes, commentReports, comments } from './comments.tables';

export interface DeleteCommentOptions {
  actor: UserRow;
  commentId: number;
  /** From /api/admin/comments: a moderation, audited even when it is the admin's own comment. */
  isModeration?: boolean;
}

/**
 * The author deletes their comment, or an admin removes anyone's. A top-level comment that
 * others answered becomes a 'Comment removed' placeholder (text cleared, likes and reports
 * gone) so their replies stay readable; any other comment is deleted. Deleting the last reply
 * under a placeholder deletes the placeholder too. An admin removing someone else's comment is
 * audited in the same transaction, and its author is told by email after the commit.
 */
export async function deleteComment(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  { actor, commentId, isModeration = false }: DeleteCommentOptions,
): Promise<void> {
  const { comment, listing } = await getCommentWithListing(deps.db, commentId, actor);
  // Authors may always take back their own words, even after their premium has ended.
  if (!canDeleteComment(actor, comment.authorId)) throw forbidden(COMMENT_MESSAGES.deleteOwnOnly);
  const isAdminRemoval = actor.role === 'admin' && (isModeration || actor.id !== comment.authorId);

  const author = await deps.db.transaction(async (tx) => {
    const keptReplies = await removeComment(tx, comment);
    const [authorRow] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, comment.authorId));
    if (isAdminRemoval) {
      await recordAdminAction(tx, {
        actorId: actor.id,
        action: 'delete_comment',
        targetType: 'comment',
        targetId: comment.id,
        targetLabel: `Comment by ${authorRow?.email ?? `user ${comment.authorId}`} on "${listing.title}"`,
        before: {
          listingId: comment.listingId,
          authorId: comment.authorId,
          parentId: comment.parentId,
          content: comment.content,
          likeCount: comment.likeCount,
          createdAt: comment.createdAt.toISOString(),
        },
        after: keptReplies > 0 ? { placeholder: 'Comment removed', keptReplies } : null,
      });
    }
    return authorRow;
  });

  if (isAdminRemoval && author && comment.authorId !== actor.id) {
    await deps.mailer.send({
      to: author.email,
      ...commentRemovedMail({
        publicUrl: deps.config.publicUrl,
        firstName: author.firstName,
        listingTitle: listing.title,
        listingId: listing.id,
        content: comment.content,
      }),
    });
  }
}

/** Replies still under a comment. */
async function countReplies(tx: Executor, commentId: number): Promise<number> {
  const [{ replies }] = await tx
    .select({ replies: count() })
    .from(comments)
    .where(eq(comments.parentId, commentId));
  return replies;
}

/**
 * Takes the comment off the thread and answers how many replies stay under its placeholder
 * (0 when it was deleted outright). NOT_FOUND when another request removed it first.
 */
async function removeComment(
  tx: Executor,
  comment: { id: number; parentId: number | null },
): Promise<number> {
  const keptReplies = comment.parentId === null ? await countReplies(tx, comment.id) : 0;
  if (keptReplies > 0) {
    const [removed] = await tx
      .update(comments)
      .set({ content: '', likeCount: 0, isEdited: false, removedAt: new Date() })
      .where(and(eq(comments.id, comment.id), isNull(comments.removedAt)))
      .returning({ id: comments.id });
    if (!removed) throw notFound(COMMENT_MESSAGES.commentNotFound);
    await tx.delete(commentLikes).where(eq(commentLikes.commentId, comment.id));
    await tx.delete(commentReports).where(eq(commentReports.commentId, comment.id));
    return keptReplies;
  }
  const [deleted] = await tx
    .delete(comments)
    .where(eq(comments.id, comment.id))
    .returning({ id: comments.id });
  if (!deleted) throw notFound(COMMENT_MESSAGES.commentNotFound);
  // A placeholder is there only for its replies: when the last one goes, it goes too.
  if (comment.parentId !== null && (await countReplies(tx, comment.parentId)) === 0) {
    await tx
      .delete(comments)
      .where(and(eq(comments.id, comment.parentId), isNotNull(comments.removedAt)));
  }
  return 0;
}
