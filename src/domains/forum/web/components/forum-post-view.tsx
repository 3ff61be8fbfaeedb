import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckCircle2, Lock, Pencil, Pin, Trash2, Unlock } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { PageNav } from '@/web/components/ui/page-nav';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';
import {
  FORUM_CATEGORIES,
  FORUM_LIMITS,
  REPLY_REQUIRED_MESSAGE,
  type ForumCategory,
} from '../../forum.constants';
import type { ForumPost, ForumReply } from '../../forum.schema';
import { useCreateForumReply } from '../api/create-forum-reply';
import { useDeleteForumContent } from '../api/delete-forum-content';
import { useEditForumReply } from '../api/edit-forum-content';
import { useForumPost } from '../api/get-forum-post';
import { useForumReplies } from '../api/get-forum-replies';
import { useChangeForumPost } from '../api/moderate-forum-post';
import { recordForumView } from '../api/record-forum-view';
import { AuthorLine } from './author-line';
import { DiscussionDialog } from './discussion-dialog';
import { LikeButton } from './like-button';
import { LinkedText } from '@/web/components/ui/linked-text';
import { ReportButton } from './report-button';

interface ViewerProps {
  isAdmin: boolean;
}

/** One discussion: the post, its replies (oldest first), the reply box unless locked. */
export function ForumPostView({ postId, isAdmin }: ViewerProps & { postId: number }) {
  const post = useForumPost(postId);

  // Opening a discussion counts a view; a failure is only logged (part 2 section 7).
  useEffect(() => {
    recordForumView(postId).catch((error: unknown) =>
      console.warn('forum view not counted', error),
    );
  }, [postId]);

  if (post.isLoading) return <Spinner label="Loading discussion" />;
  if (post.isError || !post.data) {
    return <LoadError title="This discussion could not be loaded" onRetry={() => post.refetch()} />;
  }
  return <PostBody post={post.data} isAdmin={isAdmin} />;
}

function PostBody({ post, isAdmin }: ViewerProps & { post: ForumPost }) {
  const [editing, setEditing] = useState(false);
  const [page, setPage] = useState(1);
  const replies = useForumReplies(post.id, page);
  const change = useChangeForumPost(post.id);
  const toast = useToast();

  const moderate = (input: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(input, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Action failed',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  const deletePost = useDeletePost(post.id);

  return (
    <div className="space-y-6">
      <Link to={paths.forum} className="text-sm text-brand-700 hover:underline">
        ← Back to discussions
      </Link>
      <article aria-labelledby="forum-post-title" className="space-y-4">
        <Card>
          <CardContent className="space-y-4 p-4 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              {post.isSticky ? <Badge tone="blue">Pinned</Badge> : null}
              {post.isLocked ? <Badge tone="amber">Locked</Badge> : null}
              <Badge tone="slate">
                {FORUM_CATEGORIES[post.category as ForumCategory] ?? post.category}
              </Badge>
            </div>
            <h1
              id="forum-post-title"
              className="font-display text-2xl font-semibold break-words text-ink sm:text-3xl"
            >
              {post.title}
            </h1>
            <AuthorLine author={post.author} createdAt={post.createdAt} isEdited={post.isEdited} />
            <LinkedText text={post.content} />
            {post.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-1" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Badge tone="teal">#{tag}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="text-sm text-ink-muted">
              {post.viewCount} {post.viewCount === 1 ? 'view' : 'views'} · {post.replyCount}{' '}
              {post.replyCount === 1 ? 'reply' : 'replies'}
            </p>
            <div className="flex flex-wrap items-center gap-1 border-t border-slate-200 pt-3">
              <LikeButton
                target={{ postId: post.id }}
                likeCount={post.likeCount}
                userHasLiked={post.userHasLiked}
                label="this discussion"
              />
              {!post.isOwn ? (
                <ReportButton target={{ postId: post.id }} label="this discussion" />
              ) : null}
              {post.isOwn ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  Edit
                </Button>
              ) : null}
              {post.isOwn || isAdmin ? (
                <Button type="button" variant="ghost" size="sm" onClick={deletePost}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Delete
                </Button>
              ) : null}
              {isAdmin ? (
                <ModerationButtons post={post} isPending={change.isPending} moderate={moderate} />
              ) : null}
            </div>
          </CardContent>
        </Card>
      </article>

      <section aria-labelledby="forum-replies-heading" className="space-y-3">
        <h2 id="forum-replies-heading" className="text-lg font-semibold text-ink">
          Replies ({post.replyCount})
        </h2>
        {replies.isLoading ? <Spinner label="Loading replies" /> : null}
        {replies.isError ? (
          <LoadError title="Replies could not be loaded" onRetry={() => replies.refetch()} />
        ) : null}
        {replies.data && replies.data.replies.length === 0 ? (
          <p className="text-ink-muted">No replies yet.</p>
        ) : null}
        <ol className="space-y-3">
          {replies.data?.replies.map((reply) => (
            <li key={reply.id}>
              <ReplyItem
                reply={reply}
                post={post}
                isAdmin={isAdmin}
                onMarkAnswer={(replyId) =>
                  moderate(
                    { kind: 'accepted-reply', value: replyId },
                    replyId === null ? 'Answer unmarked' : 'Marked as the answer',
                  )
                }
              />
            </li>
          ))}
        </ol>
        {replies.data ? (
          <PageNav
            label="Reply pages"
            page={page}
            totalPages={replies.data.totalPages}
            onPageChange={setPage}
            className="justify-center gap-3"
          />
        ) : null}
      </section>

      {post.isLocked ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md bg-amber-50 p-3 text-amber-900"
        >
          <Lock aria-hidden="true" className="h-4 w-4" />
          This discussion is locked. No new replies can be posted.
        </p>
      ) : (
        <ReplyBox
          postId={post.id}
          onPosted={() => {
            if (replies.data)
              setPage(Math.max(1, Math.ceil((replies.data.total + 1) / replies.data.limit)));
          }}
        />
      )}
      <DiscussionDialog open={editing} onOpenChange={setEditing} post={post} />
    </div>
  );
}

/** Deletes the discussion after a confirm, then goes back to the forum. */
function useDeletePost(postId: number) {
  const remove = useDeleteForumContent();
  const toast = useToast();
  const navigate = useNavigate();
  return () => {
    if (!window.confirm('Delete this discussion and all its replies?')) return;
    remove.mutate(
      { kind: 'post', id: postId },
      {
        onSuccess: () => {
          toast({ title: 'Discussion deleted', variant: 'success' });
          void navigate(paths.forum);
        },
        onError: (error) =>
          toast({
            title: 'Failed to delete post',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };
}

type ModerateInput = Parameters<ReturnType<typeof useChangeForumPost>['mutate']>[0];

/** An admin pins or unpins, and locks or unlocks, the discussion. */
function ModerationButtons({
  post,
  isPending,
  moderate,
}: {
  post: ForumPost;
  isPending: boolean;
  moderate: (input: ModerateInput, done: string) => void;
}) {
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isPending}
        onClick={() =>
          moderate(
            { kind: 'sticky', value: !post.isSticky },
            post.isSticky ? 'Discussion unpinned' : 'Discussion pinned',
          )
        }
      >
        <Pin aria-hidden="true" className="h-4 w-4" />
        {post.isSticky ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isPending}
        onClick={() =>
          moderate(
            { kind: 'lock', value: !post.isLocked },
            post.isLocked ? 'Discussion unlocked' : 'Discussion locked',
          )
        }
      >
        {post.isLocked ? (
          <Unlock aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Lock aria-hidden="true" className="h-4 w-4" />
        )}
        {post.isLocked ? 'Unlock' : 'Lock'}
      </Button>
    </>
  );
}

function ReplyItem({
  reply,
  post,
  isAdmin,
  onMarkAnswer,
}: ViewerProps & {
  reply: ForumReply;
  post: ForumPost;
  onMarkAnswer: (replyId: number | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(reply.content);
  const edit = useEditForumReply();
  const remove = useDeleteForumContent();
  const toast = useToast();
  const name = `${reply.author.firstName} ${reply.author.lastName}`;
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

  return (
    <Card className={reply.isAcceptedAnswer ? 'border-green-400 bg-green-50/50' : undefined}>
      <CardContent className="space-y-3 p-4">
        {reply.isAcceptedAnswer ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-green-800">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            Accepted answer
          </p>
        ) : null}
        <AuthorLine author={reply.author} createdAt={reply.createdAt} isEdited={reply.isEdited} />
        {editing ? (
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!text.trim()) {
                toast({
                  title: 'Validation Error',
                  description: REPLY_REQUIRED_MESSAGE,
                  variant: 'destructive',
                });
                return;
              }
              edit.mutate(
                { id: reply.id, content: text },
                { onSuccess: () => setEditing(false), onError: fail('Failed to update reply') },
              );
            }}
          >
            <Field label="Edit your reply">
              <Textarea
                value={text}
                maxLength={FORUM_LIMITS.replyMax}
                onChange={(event) => setText(event.target.value)}
              />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={edit.isPending}>
                Save
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <LinkedText text={reply.content} />
        )}
        <div className="flex flex-wrap items-center gap-1">
          <LikeButton
            target={{ replyId: reply.id }}
            likeCount={reply.likeCount}
            userHasLiked={reply.userHasLiked}
            label={`${name}'s reply`}
          />
          {post.isOwn ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onMarkAnswer(reply.isAcceptedAnswer ? null : reply.id)}
            >
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
              {reply.isAcceptedAnswer ? 'Unmark answer' : 'Mark as answer'}
            </Button>
          ) : null}
          {!reply.isOwn ? (
            <ReportButton target={{ replyId: reply.id }} label={`${name}'s reply`} />
          ) : null}
          {reply.isOwn && !editing ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </Button>
          ) : null}
          {reply.isOwn || isAdmin ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Delete ${name}'s reply`}
              onClick={() => {
                if (!window.confirm('Delete this reply?')) return;
                remove.mutate(
                  { kind: 'reply', id: reply.id },
                  { onError: fail('Failed to delete reply') },
                );
              }}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function ReplyBox({ postId, onPosted }: { postId: number; onPosted: () => void }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateForumReply(postId);
  const toast = useToast();
  return (
    <form
      noValidate
      aria-label="Reply to this discussion"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!content.trim()) {
          setError(REPLY_REQUIRED_MESSAGE);
          toast({
            title: 'Validation Error',
            description: REPLY_REQUIRED_MESSAGE,
            variant: 'destructive',
          });
          return;
        }
        setError(undefined);
        create.mutate(content, {
          onSuccess: () => {
            setContent('');
            onPosted();
            toast({ title: 'Reply posted', variant: 'success' });
          },
          onError: (failure) =>
            toast({
              title: 'Failed to post reply',
              description: errorMessage(failure, 'Please try again.'),
              variant: 'destructive',
            }),
        });
      }}
    >
      <Field label="Your reply" error={error}>
        <Textarea
          value={content}
          rows={4}
          maxLength={FORUM_LIMITS.replyMax}
          onChange={(event) => setContent(event.target.value)}
          placeholder="Share your experience or answer…"
        />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        Post Reply
      </Button>
    </form>
  );
}
