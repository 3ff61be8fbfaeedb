import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Executor } from '@/server/db/client';
import type { CommentThreadsPage } from '../comments.schema';
import { getCommentListing, requireCommentsAccess } from './comment-access';
import { comments } from './comments.tables';
import { selectComments, toComment } from './to-comment';

export interface FindListingCommentsOptions {
  viewer: UserRow;
  listingId: number;
  page: number;
  limit: number;
  now: Date;
}

/**
 * A page of a listing's discussion: top-level threads newest first (the latest conversation
 * on top, 'Load more' goes back in time), each with all its replies oldest first (a reply
 * reads after what it answers).
 */
export async function findListingComments(
  db: Executor,
  options: FindListingCommentsOptions,
): Promise<CommentThreadsPage> {
  const { viewer, listingId, page, limit, now } = options;
  const listing = await getCommentListing(db, listingId, viewer);
  requireCommentsAccess(viewer, listing, now);

  const isThread = and(eq(comments.listingId, listingId), isNull(comments.parentId));
  const [{ total }] = await db.select({ total: count() }).from(comments).where(isThread);
  const threads = await selectComments(db, viewer.id, isThread)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const threadIds = threads.map((thread) => thread.id);
  const replies =
    threadIds.length === 0
      ? []
      : await selectComments(db, viewer.id, inArray(comments.parentId, threadIds)).orderBy(
          asc(comments.createdAt),
          asc(comments.id),
        );

  const totalPages = Math.ceil(total / limit);
  return {
    comments: threads.map((thread) => ({
      ...toComment(thread),
      replies: replies.filter((reply) => reply.parentId === thread.id).map(toComment),
    })),
    pagination: { page, limit, total, totalPages, hasMore: page < totalPages },
  };
}
