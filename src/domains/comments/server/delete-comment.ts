import { eq } from 'drizzle-orm';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import type { AppDeps } from '@/server/deps';
import { forbidden, notFound } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import { canDeleteComment } from '../comments.rules';
import { getCommentWithListing } from './comment-access';
import { commentRemovedMail } from './comment-mails';
import { comments } from './comments.tables';

export interface DeleteCommentOptions {
  actor: UserRow;
  commentId: number;
  /** From /api/admin/comments: a moderation, audited even when it is the admin's own comment. */
  isModeration?: boolean;
}

/**
 * The author deletes their comment, or an admin removes anyone's. Its replies, likes and
 * reports go with it (foreign keys cascade). An admin removing someone else's comment is
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
    const [deleted] = await tx
      .delete(comments)
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id });
    if (!deleted) throw notFound(COMMENT_MESSAGES.commentNotFound);
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
