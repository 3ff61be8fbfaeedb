import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import type { AdminCommentsPage } from '../comments.schema';
import { commentReports, comments } from './comments.tables';

export interface FindAdminCommentsOptions {
  page: number;
  limit: number;
  listingId: number | null;
  /** Only comments with open reports, most reported first. */
  reportedOnly: boolean;
}

/** /admin/comments: every comment (replies too), newest first, 20 a page, with open reports. */
export async function findAdminComments(
  db: Executor,
  { page, limit, listingId, reportedOnly }: FindAdminCommentsOptions,
): Promise<AdminCommentsPage> {
  const openReports = db
    .select({ commentId: commentReports.commentId, reportCount: count().as('report_count') })
    .from(commentReports)
    .where(eq(commentReports.status, 'open'))
    .groupBy(commentReports.commentId)
    .as('open_reports');
  const reportCount = sql<number>`coalesce(${openReports.reportCount}, 0)`.mapWith(Number);

  const replyCount =
    sql<number>`(select count(*) from ${comments} as replies where replies.parent_id = ${comments.id})`.mapWith(
      Number,
    );

  // Placeholders of removed comments are not there to moderate.
  const conditions: SQL[] = [isNull(comments.removedAt)];
  if (listingId !== null) conditions.push(eq(comments.listingId, listingId));
  if (reportedOnly) conditions.push(sql`${openReports.reportCount} > 0`);
  const where = and(...conditions);

  const [{ total }] = await db
    .select({ total: count() })
    .from(comments)
    .leftJoin(openReports, eq(openReports.commentId, comments.id))
    .where(where);
  const rows = await db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      isEdited: comments.isEdited,
      likeCount: comments.likeCount,
      parentId: comments.parentId,
      author: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        profileImageUrl: users.profileImageUrl,
      },
      listing: { id: listings.id, title: listings.title, author: listings.author },
      reportCount,
      replyCount,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(listings, eq(listings.id, comments.listingId))
    .leftJoin(openReports, eq(openReports.commentId, comments.id))
    .where(where)
    .orderBy(
      ...(reportedOnly ? [desc(reportCount)] : []),
      desc(comments.createdAt),
      desc(comments.id),
    )
    .limit(limit)
    .offset((page - 1) * limit);

  return {
    comments: rows.map(({ parentId, createdAt, ...row }) => ({
      ...row,
      ...(parentId === null ? {} : { parentId }),
      createdAt: createdAt.toISOString(),
    })),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
