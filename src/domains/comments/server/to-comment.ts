import { and, eq, sql, type SQL } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { Executor } from '@/server/db/client';
import type { Comment } from '../comments.schema';
import { commentLikes, comments } from './comments.tables';

/** The columns a comment is shown with, and whether `viewerId` liked it. */
export function commentSelection(viewerId: number) {
  return {
    id: comments.id,
    content: comments.content,
    parentId: comments.parentId,
    createdAt: comments.createdAt,
    isEdited: comments.isEdited,
    likeCount: comments.likeCount,
    removedAt: comments.removedAt,
    userHasLiked: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
    author: {
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: users.role,
    },
  };
}

export type CommentSelectionRow = {
  id: number;
  content: string;
  parentId: number | null;
  createdAt: Date;
  isEdited: boolean;
  likeCount: number;
  removedAt: Date | null;
  userHasLiked: boolean;
  author: NonNullable<Comment['author']>;
};

/**
 * A selected row → the API's comment (parentId absent at the top level). A removed comment
 * keeps only its place and time: no text, no author.
 */
export function toComment(row: CommentSelectionRow): Comment {
  const { parentId, createdAt, userHasLiked, removedAt, ...rest } = row;
  const isRemoved = removedAt !== null;
  return {
    ...rest,
    ...(parentId === null ? {} : { parentId }),
    ...(isRemoved ? { content: '', author: null } : {}),
    isRemoved,
    createdAt: createdAt.toISOString(),
    userHasLiked: !isRemoved && Boolean(userHasLiked),
  };
}

/** Comments matching `where`, as the viewer sees them. */
export function selectComments(db: Executor, viewerId: number, where: SQL | undefined) {
  return db
    .select(commentSelection(viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(where);
}

/** One comment as the viewer sees it (after a write). */
export async function findCommentFor(
  db: Executor,
  viewerId: number,
  commentId: number,
): Promise<Comment | null> {
  const [row] = await selectComments(db, viewerId, and(eq(comments.id, commentId)));
  return row ? toComment(row) : null;
}
