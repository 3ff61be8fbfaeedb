/** Forum rows → the API's shapes (part 2 section 3), read with their author and the viewer's like. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import { findVerifiedProducers } from '@/domains/vetting/server';
import type { ForumPost, ForumReply } from '../forum.schema';
import { forumPostLikes, forumPosts, forumReplies, forumReplyLikes } from './forum.tables';

const authorColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};

export const postColumns = (viewerId: number) => ({
  id: forumPosts.id,
  authorId: forumPosts.authorId,
  title: forumPosts.title,
  content: forumPosts.content,
  category: forumPosts.category,
  tags: forumPosts.tags,
  createdAt: forumPosts.createdAt,
  updatedAt: forumPosts.updatedAt,
  lastActivityAt: forumPosts.lastActivityAt,
  viewCount: forumPosts.viewCount,
  replyCount: forumPosts.replyCount,
  likeCount: forumPosts.likeCount,
  isSticky: forumPosts.isSticky,
  isLocked: forumPosts.isLocked,
  isEdited: forumPosts.isEdited,
  acceptedReplyId: forumPosts.acceptedReplyId,
  author: authorColumns,
  userHasLiked: sql<boolean>`exists (select 1 from ${forumPostLikes} where ${forumPostLikes.postId} = ${forumPosts.id} and ${forumPostLikes.userId} = ${viewerId})`,
});

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

/**
 * Which of a page's authors are verified producers: one lookup through the vetting room for the
 * whole page, so a badge costs no request per author (issue 35).
 */
export const findVerifiedAuthors = (
  db: Executor,
  rows: readonly { authorId: number }[],
): Promise<ReadonlySet<number>> =>
  findVerifiedProducers(
    db,
    rows.map((row) => row.authorId),
  );

export function toForumPost(
  row: PostRow,
  viewerId: number,
  verifiedAuthors: ReadonlySet<number>,
): ForumPost {
  const { authorId, createdAt, updatedAt, lastActivityAt, ...rest } = row;
  return {
    ...rest,
    author: { ...row.author, verified: verifiedAuthors.has(authorId) },
    userHasLiked: Boolean(row.userHasLiked),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    lastActivityAt: lastActivityAt.toISOString(),
    isOwn: authorId === viewerId,
  };
}

/** Posts with their authors, as the viewer sees them. */
export function selectPosts(db: Executor, viewerId: number) {
  return db
    .select(postColumns(viewerId))
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId));
}

export async function findPostById(
  db: Executor,
  viewerId: number,
  postId: number,
): Promise<ForumPost | null> {
  const [row] = await selectPosts(db, viewerId).where(eq(forumPosts.id, postId)).limit(1);
  return row ? toForumPost(row, viewerId, await findVerifiedAuthors(db, [row])) : null;
}

export const replyColumns = (viewerId: number) => ({
  id: forumReplies.id,
  postId: forumReplies.postId,
  authorId: forumReplies.authorId,
  content: forumReplies.content,
  createdAt: forumReplies.createdAt,
  updatedAt: forumReplies.updatedAt,
  likeCount: forumReplies.likeCount,
  isEdited: forumReplies.isEdited,
  acceptedReplyId: forumPosts.acceptedReplyId,
  author: authorColumns,
  userHasLiked: sql<boolean>`exists (select 1 from ${forumReplyLikes} where ${forumReplyLikes.replyId} = ${forumReplies.id} and ${forumReplyLikes.userId} = ${viewerId})`,
});

/** Replies with their authors and their post's accepted answer, as the viewer sees them. */
export function selectReplies(db: Executor, viewerId: number) {
  return db
    .select(replyColumns(viewerId))
    .from(forumReplies)
    .innerJoin(users, eq(users.id, forumReplies.authorId))
    .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId));
}

type ReplyRow = Awaited<ReturnType<ReturnType<typeof selectReplies>['execute']>>[number];

export function toForumReply(
  row: ReplyRow,
  viewerId: number,
  verifiedAuthors: ReadonlySet<number>,
): ForumReply {
  const { authorId, acceptedReplyId, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    author: { ...row.author, verified: verifiedAuthors.has(authorId) },
    userHasLiked: Boolean(row.userHasLiked),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    isAcceptedAnswer: acceptedReplyId === row.id,
    isOwn: authorId === viewerId,
  };
}

export async function findReplyById(
  db: Executor,
  viewerId: number,
  replyId: number,
): Promise<ForumReply | null> {
  const [row] = await selectReplies(db, viewerId).where(eq(forumReplies.id, replyId)).limit(1);
  return row ? toForumReply(row, viewerId, await findVerifiedAuthors(db, [row])) : null;
}

/** A count(*) as a number (PostgreSQL answers bigint as text). */
export const countAll = sql<number>`count(*)::int`;
export type Condition = SQL | undefined;
