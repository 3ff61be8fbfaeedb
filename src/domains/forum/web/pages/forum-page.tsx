import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Activity, MessageSquare, MessagesSquare, Plus, Search } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { PageNav } from '@/web/components/ui/page-nav';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { Input } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { useToast } from '@/web/components/ui/toast';
import { hasErrorCode } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { parseId } from '@/shared/ids';
import {
  FORUM_ACCESS_MESSAGE,
  FORUM_ACCESS_TOAST_TITLE,
  FORUM_CATEGORIES,
  FORUM_CATEGORY_VALUES,
  FORUM_LIMITS,
  type ForumCategory,
} from '../../forum.constants';
import { canUseForum } from '../../forum.rules';
import { useForumPosts } from '../api/get-forum-posts';
import { DiscussionDialog } from '../components/discussion-dialog';
import { ForumPostList } from '../components/forum-post-list';
import { ForumPostView } from '../components/forum-post-view';
import { ForumRestricted } from '../components/forum-restricted';

const SEARCH_DELAY_MS = 300;

/** The forum (/forum; one discussion at /forum?post={id}), for premium producers, agents, admins. */
export default function ForumPage() {
  usePageTitle('Community Forum');
  const { user, isLoading } = useCurrentUser();
  const allowed = canUseForum(user);
  const toast = useToast();
  const warned = useRef(false);

  useEffect(() => {
    if (isLoading || allowed || warned.current) return;
    warned.current = true;
    toast({
      title: FORUM_ACCESS_TOAST_TITLE,
      description: FORUM_ACCESS_MESSAGE,
      variant: 'destructive',
    });
  }, [isLoading, allowed, toast]);

  if (isLoading) return <Spinner label="Loading forum" />;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      {allowed ? <Forum isAdmin={user?.role === 'admin'} /> : <ForumRestricted />}
    </div>
  );
}

function Forum({ isAdmin }: { isAdmin: boolean }) {
  const [params, setParams] = useSearchParams();
  const postId = parseId(params.get('post'));
  if (postId !== null) {
    return (
      <PanelBoundary title="This discussion could not be shown">
        <ForumPostView key={postId} postId={postId} isAdmin={isAdmin} />
      </PanelBoundary>
    );
  }
  return <ForumList onOpened={(id) => setParams({ post: String(id) })} />;
}

function ForumList({ onOpened }: { onOpened: (id: number) => void }) {
  const [category, setCategory] = useState<ForumCategory | 'all'>('all');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const posts = useForumPosts({ category, search, page });
  const data = posts.data;

  if (posts.isError && hasErrorCode(posts.error, 'FORBIDDEN')) return <ForumRestricted />;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Community Forum"
        description="Questions and conversations between producers, agents and the PageToScreen team."
        actions={
          <Button type="button" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Discussion
          </Button>
        }
      />
      <StatTiles label="Forum figures">
        <StatTile label="Discussions" value={data?.totalPosts ?? '–'} icon={MessagesSquare} />
        <StatTile label="Active Today" value={data?.activeToday ?? '–'} icon={Activity} />
      </StatTiles>

      <div className="space-y-3">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-ink-muted"
          />
          <Input
            type="search"
            aria-label="Search discussions"
            placeholder="Search discussions…"
            className="pl-9"
            value={typed}
            maxLength={FORUM_LIMITS.searchMax}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
          {(['all', ...FORUM_CATEGORY_VALUES] as const).map((value) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={category === value ? 'primary' : 'outline'}
              aria-pressed={category === value}
              onClick={() => {
                setCategory(value);
                setPage(1);
              }}
            >
              {value === 'all' ? 'All Categories' : FORUM_CATEGORIES[value]}
            </Button>
          ))}
        </div>
      </div>

      {posts.isLoading ? <Spinner label="Loading discussions" /> : null}
      {posts.isError ? (
        <LoadError title="Discussions could not be loaded" onRetry={() => posts.refetch()} />
      ) : null}
      {data && data.posts.length === 0 ? (
        <EmptyState
          icon={MessageSquare}
          title={search.trim() ? 'No discussions match your search' : 'No discussions yet'}
          text="Start the conversation with a new discussion."
        />
      ) : null}
      {data && data.posts.length > 0 ? (
        <>
          <p className="sr-only" role="status">
            {data.total} {data.total === 1 ? 'discussion' : 'discussions'}
          </p>
          <ForumPostList posts={data.posts} />
        </>
      ) : null}
      {data ? (
        <PageNav
          label="Discussion pages"
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={setPage}
          className="justify-center gap-3"
        />
      ) : null}
      <DiscussionDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(post) => onOpened(post.id)}
      />
    </div>
  );
}
