import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Flag, Heart, MessageSquare, ShieldAlert } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { Badge } from '@/web/components/ui/badge';
import { PageNav } from '@/web/components/ui/page-nav';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { Input } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { parseId } from '@/shared/ids';
import { paths } from '@/shared/paths';
import { COMMENT_MESSAGES, COMMENT_TOASTS } from '../../comments.constants';
import type { AdminComment, CommentStats } from '../../comments.schema';
import {
  useAdminComments,
  useCommentStats,
  useDeleteAdminComment,
  useDismissCommentReports,
} from '../api/admin-comments';
import { CommentAvatar, fullName } from '../components/comment-avatar';
import { CommentRoleBadge } from '../components/comment-role-badge';
import { CommentText } from '../components/comment-text';
import { DeleteCommentDialog } from '../components/delete-comment-dialog';
import { relativeTime } from '../components/relative-time';

/** One comment as moderators see it: who, where, what, and the actions on it. */
function AdminCommentRow({ comment }: { comment: AdminComment }) {
  const toast = useToast();
  const remove = useDeleteAdminComment();
  const dismiss = useDismissCommentReports();
  const name = fullName(comment.author);

  const confirmDelete = (close: () => void) =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        close();
        toast({ title: 'Success', description: COMMENT_TOASTS.deleted, variant: 'success' });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, COMMENT_TOASTS.deleteFailed),
          variant: 'destructive',
        }),
    });

  const dismissReports = () =>
    dismiss.mutate(comment.id, {
      onSuccess: () =>
        toast({ title: 'Success', description: 'Reports dismissed', variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to dismiss reports'),
          variant: 'destructive',
        }),
    });

  return (
    <li className="rounded-md border border-line bg-white p-4">
      <article aria-label={`Comment by ${name}`} className="flex gap-3">
        <CommentAvatar person={comment.author} />
        <div className="min-w-0 flex-1 space-y-2">
          <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium text-ink">{name}</span>
            <CommentRoleBadge role={comment.author.role} />
            <span className="text-sm text-ink-muted">{comment.author.email}</span>
            <time dateTime={comment.createdAt} className="text-xs text-ink-muted">
              {relativeTime(comment.createdAt)}
            </time>
            {comment.isEdited ? <span className="text-xs text-ink-muted">(edited)</span> : null}
            {comment.parentId !== undefined ? <Badge tone="slate">Reply</Badge> : null}
            {comment.replyCount > 0 ? (
              <Badge tone="slate">
                {comment.replyCount === 1 ? '1 reply' : `${comment.replyCount} replies`}
              </Badge>
            ) : null}
            {comment.reportCount > 0 ? (
              <Badge tone="amber">
                {comment.reportCount === 1 ? '1 report' : `${comment.reportCount} reports`}
              </Badge>
            ) : null}
          </header>
          <p className="text-sm text-ink-muted">
            Listing #{comment.listing.id}:{' '}
            <Link
              to={paths.listing(comment.listing.id)}
              className="text-brand-700 underline underline-offset-2"
            >
              {comment.listing.title}
            </Link>{' '}
            by {comment.listing.author}
          </p>
          <CommentText content={comment.content} />
          <div className="-ml-3 flex flex-wrap items-center gap-1">
            <span className="inline-flex items-center gap-1 px-3 text-sm text-ink-muted">
              <Heart aria-hidden="true" className="h-4 w-4" />
              {comment.likeCount} {comment.likeCount === 1 ? 'like' : 'likes'}
            </span>
            {comment.reportCount > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={dismissReports}
                disabled={dismiss.isPending}
              >
                Dismiss reports
              </Button>
            ) : null}
            <DeleteCommentDialog
              onConfirm={confirmDelete}
              isPending={remove.isPending}
              triggerAriaLabel={`Delete ${name}'s comment`}
              replyCount={comment.replyCount}
            />
          </div>
        </div>
      </article>
    </li>
  );
}

/** The listing ID filter (part 2 section 5): a number, or empty to clear. */
function ListingFilter({
  listingId,
  onChange,
}: {
  listingId: string | null;
  onChange: (listingId: string | null) => void;
}) {
  const [draft, setDraft] = useState(listingId ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (value === '') {
      setError(null);
      onChange(null);
      return;
    }
    const id = parseId(value);
    if (id === null) {
      setError(COMMENT_MESSAGES.listingIdNotNumber);
      return;
    }
    setError(null);
    onChange(String(id));
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Filter by listing">
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor="admin-comments-listing" className="block text-sm font-medium text-ink">
            Listing ID
          </label>
          <Input
            id="admin-comments-listing"
            inputMode="numeric"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="e.g. 42"
            className="w-40"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'admin-comments-listing-error' : undefined}
          />
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {listingId ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft('');
              setError(null);
              onChange(null);
            }}
          >
            Clear
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id="admin-comments-listing-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {listingId ? (
        <p className="text-sm text-ink-muted">Showing comments for listing ID {listingId}</p>
      ) : null}
    </form>
  );
}

function CommentsList({ openReports }: { openReports: number | null }) {
  const [page, setPage] = useState(1);
  const [listingId, setListingId] = useState<string | null>(null);
  const [reportedOnly, setReportedOnly] = useState(false);
  const comments = useAdminComments({
    page,
    listingId: listingId ?? undefined,
    reported: reportedOnly ? 'true' : undefined,
  });
  const total = comments.data?.pagination.total ?? 0;
  const totalPages = comments.data?.pagination.totalPages ?? 0;

  return (
    <Card>
      <CardHeader className="space-y-4">
        <CardTitle>Comments ({total})</CardTitle>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <ListingFilter
            listingId={listingId}
            onChange={(value) => {
              setListingId(value);
              setPage(1);
            }}
          />
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={reportedOnly}
              onChange={(event) => {
                setReportedOnly(event.target.checked);
                setPage(1);
              }}
              className="h-4 w-4"
            />
            <Flag aria-hidden="true" className="h-4 w-4 text-amber-700" />
            Reported only{openReports === null ? '' : ` (${openReports} open)`}
          </label>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {comments.isPending ? (
          <Spinner label="Loading comments" />
        ) : comments.isError ? (
          <LoadError title="Comments could not be loaded" onRetry={() => comments.refetch()} />
        ) : comments.data.comments.length === 0 ? (
          <p className="text-sm text-ink-muted">No comments found</p>
        ) : (
          <ol className="space-y-3" aria-label="Comments">
            {comments.data.comments.map((comment) => (
              <AdminCommentRow key={comment.id} comment={comment} />
            ))}
          </ol>
        )}
        <PageNav label="Pages" page={page} totalPages={totalPages} onPageChange={setPage} />
      </CardContent>
    </Card>
  );
}

function TopCommenters({ stats }: { stats: CommentStats }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top Commenters</CardTitle>
      </CardHeader>
      <CardContent>
        {stats.topCommenters.length === 0 ? (
          <p className="text-sm text-ink-muted">No comments yet</p>
        ) : (
          <ol className="space-y-3">
            {stats.topCommenters.map((commenter, index) => (
              <li key={commenter.authorId} className="flex items-start gap-3">
                <span className="w-6 shrink-0 font-semibold text-ink-muted">#{index + 1}</span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-ink">{fullName(commenter)}</span>
                    <CommentRoleBadge role={commenter.role} />
                  </div>
                  <p className="truncate text-sm text-ink-muted">{commenter.email}</p>
                </div>
                <span className="shrink-0 text-sm font-medium text-ink">
                  {commenter.commentCount}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function MostCommentedListings({ stats }: { stats: CommentStats }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Most Commented Listings</CardTitle>
      </CardHeader>
      <CardContent>
        {stats.mostCommentedListings.length === 0 ? (
          <p className="text-sm text-ink-muted">No comments yet</p>
        ) : (
          <ol className="space-y-3">
            {stats.mostCommentedListings.map((entry, index) => (
              <li key={entry.listingId} className="flex items-start gap-3">
                <span className="w-6 shrink-0 font-semibold text-ink-muted">#{index + 1}</span>
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.listing(entry.listingId)}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {entry.title}
                  </Link>
                  <p className="text-sm text-ink-muted">
                    by {entry.author} · Listing #{entry.listingId}
                  </p>
                </div>
                <span className="shrink-0 text-sm font-medium text-ink">{entry.commentCount}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** The spec's loading text, shown while the page's figures load. */
function LoadingAdminComments() {
  return (
    <p role="status" className="p-8 text-center text-ink-muted">
      Loading admin comments...
    </p>
  );
}

function AdminComments() {
  const stats = useCommentStats();
  if (stats.isPending) return <LoadingAdminComments />;
  return (
    <div className="space-y-6">
      {stats.isError ? (
        <LoadError title="Comment figures could not be loaded" onRetry={() => stats.refetch()} />
      ) : (
        <StatTiles label="Comment overview">
          <StatTile
            label="Total Comments"
            value={stats.data.overview.totalComments}
            icon={MessageSquare}
          />
          <StatTile label="Today" value={stats.data.overview.commentsToday} />
          <StatTile label="This Week" value={stats.data.overview.commentsThisWeek} />
        </StatTiles>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <PanelBoundary title="Comments">
          <CommentsList openReports={stats.data?.overview.openReports ?? null} />
        </PanelBoundary>
        {stats.data ? (
          <div className="space-y-6">
            <PanelBoundary title="Top Commenters">
              <TopCommenters stats={stats.data} />
            </PanelBoundary>
            <PanelBoundary title="Most Commented Listings">
              <MostCommentedListings stats={stats.data} />
            </PanelBoundary>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** /admin/comments: comment moderation (part 2 section 2), administrators only. */
export default function AdminCommentsPage() {
  usePageTitle('Comment Management');
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <LoadingAdminComments />;
  if (!user || user.role !== 'admin') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto h-10 w-10 text-red-600" />
        <h1 className="mt-4 font-display text-2xl font-semibold text-ink">Admin Access Required</h1>
        <p className="mt-2 text-ink-muted">This page is only accessible to administrators.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Comment Management"
        description="Every comment on every listing: filter by listing or by reports, and remove what breaks the community guidelines."
      />
      <AdminComments />
    </div>
  );
}
