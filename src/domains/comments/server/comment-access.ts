import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { requireVisibleListing } from '@/domains/listings/server';
import { PREMIUM_REQUIRED_MESSAGE } from '@/domains/membership/membership.constants';
import type { Executor } from '@/server/db/client';
import { AppError, forbidden, notFound } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import { canTakePartInComments } from '../comments.rules';
import { comments } from './comments.tables';

export interface CommentListing {
  id: number;
  title: string;
  author: string;
  agentId: number | null;
  status: string;
}

/**
 * The listing a thread belongs to, or NOT_FOUND. A draft or withdrawn listing is gone for all
 * but its agent and admins (as on the listing page), and so is its discussion.
 */
export async function getCommentListing(
  db: Executor,
  listingId: number,
  viewer: Pick<UserRow, 'id' | 'role'>,
): Promise<CommentListing> {
  return requireVisibleListing(db, viewer, listingId, COMMENT_MESSAGES.listingNotFound);
}

/**
 * Whether the viewer takes part in this listing's comments (comments.rules.ts). The route has
 * already passed the one premium gate (requirePremium); this adds the listing's side: an agent
 * only on their own listings. A producer refused here lost premium between the two checks.
 */
export function requireCommentsAccess(viewer: UserRow, listing: CommentListing, now: Date): void {
  if (canTakePartInComments(viewer, listing, now)) return;
  if (viewer.role === 'agent') throw forbidden(COMMENT_MESSAGES.notYourListing);
  throw new AppError('UPGRADE_REQUIRED', PREMIUM_REQUIRED_MESSAGE, {
    extra: { upgradeRequired: true, feature: 'comments' },
  });
}

export type CommentRow = typeof comments.$inferSelect;

/** A comment (not a removed one) with its listing, for checks on /api/comments/{id}, or NOT_FOUND. */
export async function getCommentWithListing(
  db: Executor,
  commentId: number,
  viewer: Pick<UserRow, 'id' | 'role'>,
): Promise<{ comment: CommentRow; listing: CommentListing }> {
  const [comment] = await db.select().from(comments).where(eq(comments.id, commentId));
  // A removed comment's placeholder cannot be edited, liked, reported or removed again.
  if (!comment || comment.removedAt !== null) throw notFound(COMMENT_MESSAGES.commentNotFound);
  const listing = await getCommentListing(db, comment.listingId, viewer).catch((error: unknown) => {
    // The comment of a listing the viewer may not see is not there for them either.
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw notFound(COMMENT_MESSAGES.commentNotFound);
    }
    throw error;
  });
  return { comment, listing };
}
