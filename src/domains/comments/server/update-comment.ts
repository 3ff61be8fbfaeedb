import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Database } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import { canEditComment } from '../comments.rules';
import type { Comment, UpdateCommentBody } from '../comments.schema';
import { getCommentWithListing, requireCommentsAccess } from './comment-access';
import { comments } from './comments.tables';
import { findCommentFor } from './to-comment';

export interface UpdateCommentOptions {
  editor: UserRow;
  commentId: number;
  body: UpdateCommentBody;
  now: Date;
}

/** The author rewrites their own comment; it is marked '(edited)'. No one else may. */
export async function updateComment(
  db: Database,
  { editor, commentId, body, now }: UpdateCommentOptions,
): Promise<Comment> {
  const { comment, listing } = await getCommentWithListing(db, commentId, editor);
  requireCommentsAccess(editor, listing, now);
  if (!canEditComment(editor, comment.authorId)) throw forbidden(COMMENT_MESSAGES.editOwnOnly);

  await db
    .update(comments)
    .set({ content: body.content, isEdited: true, updatedAt: now })
    .where(eq(comments.id, commentId));
  const updated = await findCommentFor(db, editor.id, commentId);
  if (!updated) throw notFound(COMMENT_MESSAGES.commentNotFound);
  return updated;
}
