import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { users } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import { POST_NOT_FOUND, REPLY_NOT_FOUND, REPORT_NOT_FOUND } from '../forum.constants';
import type { ForumReport, ForumReportBody } from '../forum.schema';
import { forumPosts, forumReplies, forumReports } from './forum.tables';

/**
 * A member reports a post or a reply; it waits in the admins' queue. Reporting the same
 * thing again while the first report is open changes nothing (one person, one open report).
 */
export async function reportForumContent(
  db: Database,
  { reporterId, postId, replyId, reason }: ForumReportBody & { reporterId: number },
): Promise<{ id: number; status: 'open' }> {
  return db.transaction(async (tx) => {
    if (replyId !== undefined) {
      const [reply] = await tx
        .select({ id: forumReplies.id })
        .from(forumReplies)
        .where(eq(forumReplies.id, replyId))
        .limit(1);
      if (!reply) throw notFound(REPLY_NOT_FOUND);
    } else if (postId !== undefined) {
      const [post] = await tx
        .select({ id: forumPosts.id })
        .from(forumPosts)
        .where(eq(forumPosts.id, postId))
        .limit(1);
      if (!post) throw notFound(POST_NOT_FOUND);
    }
    const target: SQL =
      replyId !== undefined
        ? eq(forumReports.replyId, replyId)
        : and(eq(forumReports.postId, postId!), isNull(forumReports.replyId))!;
    const [existing] = await tx
      .select({ id: forumReports.id })
      .from(forumReports)
      .where(and(target, eq(forumReports.reporterId, reporterId), eq(forumReports.status, 'open')))
      .limit(1);
    if (existing) return { id: existing.id, status: 'open' as const };
    const [row] = await tx
      .insert(forumReports)
      .values({
        postId: replyId !== undefined ? null : postId,
        replyId: replyId ?? null,
        reporterId,
        reason: reason?.trim() ? reason.trim() : null,
      })
      .returning({ id: forumReports.id });
    return { id: row.id, status: 'open' as const };
  });
}

/** The admins' queue: reports with what was reported and by whom, newest first. */
export async function findForumReports(
  db: Database,
  { status }: { status: 'open' | 'dismissed' | 'all' },
): Promise<ForumReport[]> {
  const reporter = alias(users, 'reporter');
  const postAuthor = alias(users, 'post_author');
  const replyAuthor = alias(users, 'reply_author');
  const replyPost = alias(forumPosts, 'reply_post');
  const rows = await db
    .select({
      id: forumReports.id,
      status: forumReports.status,
      reason: forumReports.reason,
      createdAt: forumReports.createdAt,
      postId: forumReports.postId,
      replyId: forumReports.replyId,
      post: { id: forumPosts.id, title: forumPosts.title, content: forumPosts.content },
      reply: { content: forumReplies.content, postId: forumReplies.postId },
      replyPostTitle: replyPost.title,
      reporter: { firstName: reporter.firstName, lastName: reporter.lastName, role: reporter.role },
      postAuthor: {
        firstName: postAuthor.firstName,
        lastName: postAuthor.lastName,
        role: postAuthor.role,
      },
      replyAuthor: {
        firstName: replyAuthor.firstName,
        lastName: replyAuthor.lastName,
        role: replyAuthor.role,
      },
    })
    .from(forumReports)
    .innerJoin(reporter, eq(reporter.id, forumReports.reporterId))
    .leftJoin(forumPosts, eq(forumPosts.id, forumReports.postId))
    .leftJoin(postAuthor, eq(postAuthor.id, forumPosts.authorId))
    .leftJoin(forumReplies, eq(forumReplies.id, forumReports.replyId))
    .leftJoin(replyAuthor, eq(replyAuthor.id, forumReplies.authorId))
    .leftJoin(replyPost, eq(replyPost.id, forumReplies.postId))
    .where(status === 'all' ? undefined : eq(forumReports.status, status))
    .orderBy(desc(forumReports.createdAt), desc(forumReports.id))
    .limit(200);
  return rows.flatMap((row): ForumReport[] => {
    const isReply = row.replyId !== null;
    const author = isReply ? row.replyAuthor : row.postAuthor;
    const postId = isReply ? row.reply?.postId : row.post?.id;
    const excerpt = isReply ? row.reply?.content : row.post?.content;
    const postTitle = isReply ? row.replyPostTitle : row.post?.title;
    if (!author || postId == null || excerpt == null || postTitle == null) return [];
    return [
      {
        id: row.id,
        status: row.status === 'dismissed' ? 'dismissed' : 'open',
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        postId,
        replyId: row.replyId,
        postTitle,
        excerpt: excerpt.slice(0, 500),
        reporter: row.reporter,
        targetAuthor: author,
      },
    ];
  });
}

/** An admin dismisses a report (the content stays); audited with the change. */
export async function dismissForumReport(
  db: Database,
  { actorId, reportId, now = new Date() }: { actorId: number; reportId: number | null; now?: Date },
): Promise<{ id: number; status: 'dismissed' }> {
  if (reportId === null) throw notFound(REPORT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(forumReports)
      .where(eq(forumReports.id, reportId))
      .for('update')
      .limit(1);
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status === 'dismissed') return { id: report.id, status: 'dismissed' as const };
    await tx
      .update(forumReports)
      .set({ status: 'dismissed', resolvedBy: actorId, resolvedAt: now })
      .where(eq(forumReports.id, reportId));
    await recordAdminAction(tx, {
      actorId,
      action: 'dismiss_forum_report',
      targetType: 'forum_report',
      targetId: report.id,
      before: { status: report.status, postId: report.postId, replyId: report.replyId },
      after: { status: 'dismissed' },
    });
    return { id: report.id, status: 'dismissed' as const };
  });
}
