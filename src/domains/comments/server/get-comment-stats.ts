import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { COMMENT_STATS_TOP } from '../comments.constants';
import type { CommentStats } from '../comments.schema';
import { commentReports, comments } from './comments.tables';

/** Midnight starting today, and Monday's midnight starting this week, in UK time. */
const LONDON_TODAY = sql`(date_trunc('day', now() at time zone 'Europe/London') at time zone 'Europe/London')`;
const LONDON_WEEK = sql`(date_trunc('week', now() at time zone 'Europe/London') at time zone 'Europe/London')`;

/** A removed comment's placeholder is no one's words: it counts nowhere. */
const isShown = isNull(comments.removedAt);

/**
 * The figures on /admin/comments: totals (today and this week in UK calendar terms: since
 * midnight, since Monday), the five most active commenters and the five most discussed
 * listings. Every figure counts rows of `comments`, replies included.
 */
export async function getCommentStats(db: Executor): Promise<CommentStats> {
  const [overview] = await db
    .select({
      totalComments: count(),
      commentsToday: count(sql`case when ${comments.createdAt} >= ${LONDON_TODAY} then 1 end`),
      commentsThisWeek: count(sql`case when ${comments.createdAt} >= ${LONDON_WEEK} then 1 end`),
    })
    .from(comments)
    .where(isShown);
  const [{ openReports }] = await db
    .select({ openReports: count() })
    .from(commentReports)
    .where(eq(commentReports.status, 'open'));

  const commentCount = count(comments.id);
  const topCommenters = await db
    .select({
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      commentCount,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(isShown)
    .groupBy(users.id)
    .orderBy(desc(commentCount), users.id)
    .limit(COMMENT_STATS_TOP);
  const mostCommentedListings = await db
    .select({
      listingId: listings.id,
      title: listings.title,
      author: listings.author,
      commentCount,
    })
    .from(comments)
    .innerJoin(listings, eq(listings.id, comments.listingId))
    .where(isShown)
    .groupBy(listings.id)
    .orderBy(desc(commentCount), listings.id)
    .limit(COMMENT_STATS_TOP);

  return {
    overview: { ...overview, openReports },
    topCommenters,
    mostCommentedListings,
  };
}
