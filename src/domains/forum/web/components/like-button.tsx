import { ThumbsUp } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { useToggleForumLike } from '../api/toggle-forum-like';

/** Like or unlike a post or a reply; the count comes back from the server. */
export function LikeButton({
  target,
  likeCount,
  userHasLiked,
  label,
}: {
  target: { postId: number } | { replyId: number };
  likeCount: number;
  userHasLiked: boolean;
  /** What is liked, for screen readers ("this discussion", "Pat's reply"). */
  label: string;
}) {
  const toggle = useToggleForumLike();
  const toast = useToast();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-pressed={userHasLiked}
      aria-label={`Like ${label} (${likeCount} ${likeCount === 1 ? 'like' : 'likes'})`}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(target, {
          onError: (error) =>
            toast({
              title: 'Could not update like',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        })
      }
    >
      <ThumbsUp
        aria-hidden="true"
        className={userHasLiked ? 'h-4 w-4 fill-brand-700 text-brand-700' : 'h-4 w-4'}
      />
      <span>{likeCount}</span>
    </Button>
  );
}
