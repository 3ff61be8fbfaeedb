import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Database } from '@/server/db/client';
import { notFound, validation } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import type { Comment, CreateCommentBody } from '../comments.schema';
import { getCommentListing, requireCommentsAccess } from './comment-access';
import { comments } from './comments.tables';
import { findCommentFor } from './to-comment';

export interface CreateCommentOptions {
  author: UserRow;
  listingId: number;
  body: CreateCommentBody;
  now: Date;
}

/**
 * A new thread on a listing, or a reply to one of its top-level comments. Replies are one
 * level deep: answering a reply is refused (400), so the thread stays readable. The content is
 * stored exactly as written.
 */
export async function createComment(
  db: Database,
  { author, listingId, body, now }: CreateCommentOptions,
): Promise<Comment> {
  const listing = await getCommentListing(db, listingId, author);
  requireCommentsAccess(author, listing, now);

  if (body.parentId !== undefined) {
    const [parent] = await db
      .select({ listingId: comments.listingId, parentId: comments.parentId })
      .from(comments)
      .where(eq(comments.id, body.parentId));
    if (!parent || parent.listingId !== listingId) {
      throw notFound(COMMENT_MESSAGES.parentNotFound);
    }
    if (parent.parentId !== null) {
      throw validation(COMMENT_MESSAGES.replyToReply, { parentId: COMMENT_MESSAGES.replyToReply });
    }
  }

  const [row] = await db
    .insert(comments)
    .values({
      listingId,
      authorId: author.id,
      parentId: body.parentId ?? null,
      content: body.content,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: comments.id });
  const comment = await findCommentFor(db, author.id, row.id);
  if (!comment) throw notFound(COMMENT_MESSAGES.commentNotFound);
  return comment;
}
