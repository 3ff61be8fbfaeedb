import { and, eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Database } from '@/server/db/client';
import { conflict, validation } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import { getCommentWithListing, requireCommentsAccess } from './comment-access';
import { commentReports } from './comments.tables';

/**
 * A member flags a comment for the moderators: it joins the queue on /admin/comments
 * (Reported filter) until an admin removes it or dismisses its reports. One open report per
 * member per comment: a second is refused (409); after a dismissal they may report again.
 */
export async function reportComment(
  db: Database,
  options: { reporter: UserRow; commentId: number; reason?: string; now: Date },
): Promise<void> {
  const { reporter, commentId, now } = options;
  const { comment, listing } = await getCommentWithListing(db, commentId, reporter);
  requireCommentsAccess(reporter, listing, now);
  if (comment.authorId === reporter.id) throw validation(COMMENT_MESSAGES.reportOwn);

  const reason = options.reason?.trim() ? options.reason : null;
  await db.transaction(async (tx) => {
    // One member's reports of one comment are serialised, so two clicks make one report.
    await tx.execute(sql`select pg_advisory_xact_lock(${commentId}, ${reporter.id})`);
    const [open] = await tx
      .select({ id: commentReports.id })
      .from(commentReports)
      .where(
        and(
          eq(commentReports.commentId, commentId),
          eq(commentReports.reporterId, reporter.id),
          eq(commentReports.status, 'open'),
        ),
      );
    if (open) throw conflict(COMMENT_MESSAGES.alreadyReported);
    await tx
      .insert(commentReports)
      .values({ commentId, reporterId: reporter.id, reason, createdAt: now });
  });
}
