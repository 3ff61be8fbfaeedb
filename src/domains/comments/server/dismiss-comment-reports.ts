import { and, eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import type { Database } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';
import { COMMENT_MESSAGES } from '../comments.constants';
import { commentReports, comments } from './comments.tables';

/** An admin keeps a reported comment: its open reports are closed as dismissed (audited). */
export async function dismissCommentReports(
  db: Database,
  { admin, commentId, now }: { admin: UserRow; commentId: number; now: Date },
): Promise<{ dismissed: number }> {
  if (admin.role !== 'admin') throw forbidden('Only admins can dismiss reports');
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: comments.id, authorId: comments.authorId, listingId: comments.listingId })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!comment) throw notFound(COMMENT_MESSAGES.commentNotFound);
    const dismissed = await tx
      .update(commentReports)
      .set({ status: 'dismissed', resolvedBy: admin.id, resolvedAt: now })
      .where(and(eq(commentReports.commentId, commentId), eq(commentReports.status, 'open')))
      .returning({ id: commentReports.id });
    if (dismissed.length > 0) {
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: 'dismiss_comment_reports',
        targetType: 'comment',
        targetId: commentId,
        targetLabel: `Comment ${commentId} on listing ${comment.listingId}`,
        after: { dismissedReports: dismissed.length },
      });
    }
    return { dismissed: dismissed.length };
  });
}
