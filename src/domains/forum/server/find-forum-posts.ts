import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { prefixTsQuery, searchWords } from '@/domains/listings/server';
import { ACTIVE_TODAY_HOURS } from '../forum.constants';
import type { ForumPostList, ListForumPostsQuery } from '../forum.schema';
import { forumPosts } from './forum.tables';
import { countAll, findVerifiedAuthors, selectPosts, toForumPost } from './forum-rows';

export interface FindForumPostsOptions extends ListForumPostsQuery {
  viewerId: number;
  now?: Date;
}

/**
 * One page of discussions: pinned first, then the most recently active (part 2 section 6).
 * Search uses the catalogue's word rule (decision 002): every typed word must start a word
 * of the title, tags or content, matched on the generated `search_vector` and its GIN index.
 */
export async function findForumPosts(
  db: Executor,
  { viewerId, category, search, page, limit, now = new Date() }: FindForumPostsOptions,
): Promise<ForumPostList> {
  const words = searchWords(search);
  const where = and(
    category && category !== 'all' ? eq(forumPosts.category, category) : undefined,
    words.length > 0
      ? sql`${forumPosts.searchVector} @@ to_tsquery('simple', ${prefixTsQuery(words)})`
      : undefined,
  );
  const since = new Date(now.getTime() - ACTIVE_TODAY_HOURS * 60 * 60 * 1000);

  const [rows, [matching], [figures]] = await Promise.all([
    selectPosts(db, viewerId)
      .where(where)
      .orderBy(desc(forumPosts.isSticky), desc(forumPosts.lastActivityAt), desc(forumPosts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: countAll }).from(forumPosts).where(where),
    db
      .select({
        totalPosts: countAll,
        activeToday: sql<number>`(count(*) filter (where ${gt(forumPosts.lastActivityAt, since)}))::int`,
      })
      .from(forumPosts),
  ]);

  const total = Number(matching.total);
  const verifiedAuthors = await findVerifiedAuthors(db, rows);
  return {
    posts: rows.map((row) => toForumPost(row, viewerId, verifiedAuthors)),
    page,
    limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    totalPosts: Number(figures.totalPosts),
    activeToday: Number(figures.activeToday),
  };
}
