import type { ReactNode } from 'react';
import { Heart, MessageSquareReply, Pencil } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { COMMENT_TOASTS } from '../../comments.constants';
import { canDeleteComment, canEditComment } from '../../comments.rules';
import type { Comment, CommentAuthor } from '../../comments.schema';
import { useDeleteComment } from '../api/delete-comment';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { useUpdateComment } from '../api/update-comment';
import { CommentAvatar, fullName } from './comment-avatar';
import { CommentForm } from './comment-form';
import { VerifiedBadge } from '@/domains/vetting/web';
import { CommentRoleBadge } from './comment-role-badge';
import { CommentText } from './comment-text';
import { DeleteCommentDialog } from './delete-comment-dialog';
import { relativeTime } from './relative-time';
import { ReportCommentDialog } from './report-comment-dialog';

export interface CommentViewer {
  id: number;
  role: string;
}

export interface CommentItemProps {
  comment: Comment;
  listingId: number;
  viewer: CommentViewer;
  isEditing: boolean;
  onEdit: (commentId: number | null) => void;
  /** Top-level comments only: opens this thread's reply box. */
  onReply?: () => void;
  /** The replies and the reply box, under the comment. */
  children?: ReactNode;
  /** Replies under a top-level comment (they stay if it is deleted; the dialog says so). */
  replyCount?: number;
}

/** What is left of a removed comment that others answered: its place, and their replies. */
function RemovedComment({ comment, children }: Pick<CommentItemProps, 'comment' | 'children'>) {
  return (
    <article aria-label="Comment removed" className="flex gap-3">
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm italic text-ink-muted">
          Comment removed{' '}
          <time dateTime={comment.createdAt} className="not-italic">
            (posted {relativeTime(comment.createdAt)})
          </time>
        </p>
        {children}
      </div>
    </article>
  );
}

/** One comment, or the placeholder of a removed one. */
export function CommentItem(props: CommentItemProps) {
  const { comment } = props;
  if (comment.author === null) return <RemovedComment {...props} />;
  return <LiveComment {...props} comment={{ ...comment, author: comment.author }} />;
}

/** One comment: who, when, what; like, reply, edit, delete and report as the viewer may. */
function LiveComment({
  comment,
  listingId,
  viewer,
  isEditing,
  onEdit,
  onReply,
  children,
  replyCount = 0,
}: CommentItemProps & { comment: Comment & { author: CommentAuthor } }) {
  const toast = useToast();
  const update = useUpdateComment(listingId);
  const remove = useDeleteComment();
  const like = useToggleCommentLike(listingId);
  const name = fullName(comment.author);
  const isOwn = comment.author.id === viewer.id;

  const save = (content: string) =>
    update
      .mutateAsync({ commentId: comment.id, content })
      .then(() => {
        toast({ title: 'Success', description: COMMENT_TOASTS.updated, variant: 'success' });
        onEdit(null);
        return true;
      })
      .catch((error: unknown) => {
        toast({
          title: 'Error',
          description: errorMessage(error, COMMENT_TOASTS.updateFailed),
          variant: 'destructive',
        });
        return false;
      });

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

  const toggleLike = () =>
    like.mutate(comment.id, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, COMMENT_TOASTS.likeFailed),
          variant: 'destructive',
        }),
    });

  return (
    <article aria-label={`Comment by ${name}`} className="flex gap-3">
      <CommentAvatar person={comment.author} />
      <div className="min-w-0 flex-1 space-y-2">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-ink">{name}</span>
          <CommentRoleBadge role={comment.author.role} />
          {comment.author.role === 'producer' ? <VerifiedBadge userId={comment.author.id} /> : null}
          <time dateTime={comment.createdAt} className="text-xs text-ink-muted">
            {relativeTime(comment.createdAt)}
          </time>
          {comment.isEdited ? <span className="text-xs text-ink-muted">(edited)</span> : null}
        </header>
        {isEditing ? (
          <CommentForm
            label="Edit your comment"
            submitLabel="Save"
            initialValue={comment.content}
            isPending={update.isPending}
            onSubmit={save}
            onCancel={() => onEdit(null)}
            autoFocus
          />
        ) : (
          <CommentText content={comment.content} />
        )}
        {isEditing ? null : (
          <div className="-ml-3 flex flex-wrap items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={toggleLike}
              aria-pressed={comment.userHasLiked}
              aria-label={`${comment.userHasLiked ? 'Unlike' : 'Like'} ${name}'s comment (${comment.likeCount} ${comment.likeCount === 1 ? 'like' : 'likes'})`}
            >
              <Heart
                aria-hidden="true"
                className={cn('h-4 w-4', comment.userHasLiked && 'fill-red-500 text-red-500')}
              />
              {comment.likeCount}
            </Button>
            {onReply ? (
              <Button variant="ghost" size="sm" onClick={onReply} aria-label={`Reply to ${name}`}>
                <MessageSquareReply aria-hidden="true" className="h-4 w-4" />
                Reply
              </Button>
            ) : null}
            {canEditComment(viewer, comment.author.id) ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onEdit(comment.id)}
                aria-label="Edit your comment"
              >
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Edit
              </Button>
            ) : null}
            {canDeleteComment(viewer, comment.author.id) ? (
              <DeleteCommentDialog
                onConfirm={confirmDelete}
                isPending={remove.isPending}
                replyCount={replyCount}
                triggerAriaLabel={isOwn ? 'Delete your comment' : `Delete ${name}'s comment`}
              />
            ) : null}
            {isOwn ? null : <ReportCommentDialog commentId={comment.id} authorName={name} />}
          </div>
        )}
        {children}
      </div>
    </article>
  );
}
