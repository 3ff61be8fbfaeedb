import { useState } from 'react';
import { MessageSquare } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { PremiumGate } from '@/domains/membership/web';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';
import { COMMENT_TOASTS } from '../../comments.constants';
import type { CommentThread } from '../../comments.schema';
import { useListingComments } from '../api/get-listing-comments';
import { usePostComment } from '../api/post-comment';
import { fullName } from './comment-avatar';
import { CommentForm } from './comment-form';
import { CommentItem, type CommentViewer } from './comment-item';

export interface ListingCommentsPanelProps {
  listing: { id: number; agentId: number | null };
}

function CommentsCard({ children, count }: { children: React.ReactNode; count?: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Comments{count === undefined ? '' : ` (${count})`}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">{children}</CardContent>
    </Card>
  );
}

/** The discussion: the new-comment box, then threads newest first, 'Load more' for older. */
function CommentThreads({ listingId, viewer }: { listingId: number; viewer: CommentViewer }) {
  const threads = useListingComments(listingId);
  const post = usePostComment(listingId);
  const toast = useToast();
  // One reply box open at a time, and one comment in edit mode.
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);

  const send = (content: string, parentId?: number) =>
    post
      .mutateAsync({ content, parentId })
      .then(() => {
        toast({ title: 'Success', description: COMMENT_TOASTS.posted, variant: 'success' });
        if (parentId !== undefined) setReplyingTo(null);
        return true;
      })
      .catch((error: unknown) => {
        toast({
          title: 'Error',
          description: errorMessage(error, COMMENT_TOASTS.postFailed),
          variant: 'destructive',
        });
        return false;
      });

  const pages = threads.data?.pages ?? [];
  const list: CommentThread[] = pages.flatMap((page) => page.comments);
  const total = pages[0]?.pagination.total;

  return (
    <CommentsCard count={total}>
      <CommentForm
        label="Add a comment"
        placeholder="Share your thoughts on this title…"
        submitLabel="Post Comment"
        isPending={post.isPending && replyingTo === null}
        onSubmit={(content) => send(content)}
      />
      {threads.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : threads.isError ? (
        <LoadError title="Comments could not be loaded" onRetry={() => threads.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-ink-muted">No comments yet. Start the discussion.</p>
      ) : (
        <ol className="space-y-6" aria-label="Comment threads">
          {list.map((thread) => (
            <li key={thread.id}>
              <CommentItem
                comment={thread}
                listingId={listingId}
                viewer={viewer}
                isEditing={editingId === thread.id}
                onEdit={setEditingId}
                onReply={() => setReplyingTo(thread.id)}
                replyCount={thread.replies.length}
              >
                {thread.replies.length > 0 ? (
                  <ol
                    className="mt-4 space-y-4 border-l-2 border-line pl-4"
                    aria-label={`Replies to ${thread.author ? fullName(thread.author) : 'a removed comment'}`}
                  >
                    {thread.replies.map((reply) => (
                      <li key={reply.id}>
                        <CommentItem
                          comment={reply}
                          listingId={listingId}
                          viewer={viewer}
                          isEditing={editingId === reply.id}
                          onEdit={setEditingId}
                        />
                      </li>
                    ))}
                  </ol>
                ) : null}
                {replyingTo === thread.id && thread.author ? (
                  <div className="mt-4">
                    <CommentForm
                      label={`Reply to ${fullName(thread.author)}`}
                      placeholder="Write a reply…"
                      submitLabel="Post Reply"
                      isPending={post.isPending}
                      onSubmit={(content) => send(content, thread.id)}
                      onCancel={() => setReplyingTo(null)}
                      autoFocus
                    />
                  </div>
                ) : null}
              </CommentItem>
            </li>
          ))}
        </ol>
      )}
      {threads.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => threads.fetchNextPage()}
            disabled={threads.isFetchingNextPage}
          >
            {threads.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </CommentsCard>
  );
}

/**
 * The comments section of a listing (part 1 section 2): premium members, the listing's own
 * agent and admins see and join the discussion (comments.rules.ts, as the API decides); other
 * signed-in producers see the 'Premium Feature' card linking to /membership.
 */
export function ListingCommentsPanel({ listing }: ListingCommentsPanelProps) {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (user.role === 'agent' && listing.agentId !== user.id) {
    return (
      <CommentsCard>
        <p className="text-sm text-ink-muted">
          Members discuss this title with its own agent. Comments on your own listings appear on
          those listings.
        </p>
      </CommentsCard>
    );
  }
  return (
    <PremiumGate
      prompt={{
        feature: 'comments',
        to: paths.membership,
        description:
          'Comments on listings are for premium members. Upgrade to join the discussion with other producers.',
      }}
    >
      <CommentThreads listingId={listing.id} viewer={{ id: user.id, role: user.role }} />
    </PremiumGate>
  );
}
