import type { Executor } from '@/server/db/client';
import type { ForumCategory } from '../forum.constants';
import type { ForumPost } from '../forum.schema';
import { forumPosts } from './forum.tables';
import { findPostById } from './forum-rows';

export interface CreateForumPostOptions {
  authorId: number;
  title: string;
  content: string;
  category: ForumCategory;
  tags: string[];
}

/** Starts a discussion. The text is stored exactly as written and shown as text. */
export async function createForumPost(
  db: Executor,
  { authorId, title, content, category, tags }: CreateForumPostOptions,
): Promise<ForumPost> {
  const [row] = await db
    .insert(forumPosts)
    .values({ authorId, title, content, category, tags })
    .returning({ id: forumPosts.id });
  return (await findPostById(db, authorId, row.id))!;
}
