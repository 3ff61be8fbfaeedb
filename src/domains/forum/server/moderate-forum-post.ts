import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { recordAdminAction } from '@/domains/admin/server';
import { POST_NOT_FOUND } from '../forum.constants';
import type { ForumPost } from '../forum.schema';
import { forumPosts } from './forum.tables';
import { findPostById } from './forum-rows';
import { lockPost } from './load-forum-rows';

export type ForumPostFlag = 'isSticky' | 'isLocked';

const ACTIONS: Record<ForumPostFlag, [on: string, off: string]> = {
  isSticky: ['pin_forum_post', 'unpin_forum_post'],
  isLocked: ['lock_forum_post', 'unlock_forum_post'],
};

/**
 * An admin pins or unpins a discussion (pinned ones lead the list) or locks or unlocks it
 * (a locked one takes no replies). The route lets admins only; each change is audited in the
 * same transaction. Setting a flag to the value it has changes and audits nothing.
 */
export async function setForumPostFlag(
  db: Database,
  options: { actorId: number; postId: number | null; flag: ForumPostFlag; value: boolean },
): Promise<ForumPost> {
  const { actorId, postId, flag, value } = options;
  if (postId === null) throw notFound(POST_NOT_FOUND);
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (post[flag] === value) return;
    await tx
      .update(forumPosts)
      .set({ [flag]: value })
      .where(eq(forumPosts.id, postId));
    await recordAdminAction(tx, {
      actorId,
      action: ACTIONS[flag][value ? 0 : 1],
      targetType: 'forum_post',
      targetId: post.id,
      targetLabel: post.title,
      before: { [flag]: post[flag] },
      after: { [flag]: value },
    });
  });
  return (await findPostById(db, actorId, postId))!;
}
