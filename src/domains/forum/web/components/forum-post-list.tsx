import { Link } from 'react-router';
import { Eye, Lock, MessageSquare, Pin, ThumbsUp } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent } from '@/web/components/ui/card';
import { paths } from '@/shared/paths';
import { FORUM_CATEGORIES, type ForumCategory } from '../../forum.constants';
import type { ForumPost } from '../../forum.schema';
import { AuthorLine } from './author-line';

/** The discussions of one page: pinned and locked markers, figures, a link to each. */
export function ForumPostList({ posts }: { posts: ForumPost[] }) {
  return (
    <ul className="space-y-3" aria-label="Discussions">
      {posts.map((post) => (
        <li key={post.id}>
          <Card className={post.isSticky ? 'border-brand-300 bg-brand-50/40' : undefined}>
            <CardContent className="space-y-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                {post.isSticky ? (
                  <Badge tone="blue">
                    <Pin aria-hidden="true" className="mr-1 inline h-3 w-3" />
                    Pinned
                  </Badge>
                ) : null}
                {post.isLocked ? (
                  <Badge tone="amber">
                    <Lock aria-hidden="true" className="mr-1 inline h-3 w-3" />
                    Locked
                  </Badge>
                ) : null}
                <Badge tone="slate">
                  {FORUM_CATEGORIES[post.category as ForumCategory] ?? post.category}
                </Badge>
                {post.acceptedReplyId !== null ? <Badge tone="green">Answered</Badge> : null}
              </div>
              <h2 className="text-lg font-semibold break-words text-ink">
                <Link
                  to={paths.forumPost(post.id)}
                  className="hover:text-brand-700 hover:underline"
                >
                  {post.title}
                </Link>
              </h2>
              <p className="line-clamp-2 break-words text-sm text-ink-soft">{post.content}</p>
              {post.tags.length > 0 ? (
                <ul className="flex flex-wrap gap-1" aria-label="Tags">
                  {post.tags.map((tag) => (
                    <li key={tag}>
                      <Badge tone="teal">#{tag}</Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <AuthorLine author={post.author} createdAt={post.createdAt} />
                <dl className="flex gap-4 text-sm text-ink-muted">
                  <div className="flex items-center gap-1">
                    <dt>
                      <MessageSquare aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">Replies</span>
                    </dt>
                    <dd>{post.replyCount}</dd>
                  </div>
                  <div className="flex items-center gap-1">
                    <dt>
                      <Eye aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">Views</span>
                    </dt>
                    <dd>{post.viewCount}</dd>
                  </div>
                  <div className="flex items-center gap-1">
                    <dt>
                      <ThumbsUp aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">Likes</span>
                    </dt>
                    <dd>{post.likeCount}</dd>
                  </div>
                </dl>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
