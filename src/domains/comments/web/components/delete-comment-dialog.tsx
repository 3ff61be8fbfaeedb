import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';

/** What deleting a comment with `replyCount` replies does to them, or null when it has none. */
export function repliesKeptNotice(replyCount: number): string | null {
  if (replyCount === 0) return null;
  const replies = replyCount === 1 ? 'Its 1 reply stays' : `Its ${replyCount} replies stay`;
  return `${replies} on the listing, under a "Comment removed" placeholder.`;
}

/**
 * The spec's confirmation (part 2 section 2): 'Delete Comment' / 'Are you sure you want to
 * delete this comment? This action cannot be undone.' with Cancel and Delete, and what happens
 * to the replies under it, if any (they are kept).
 */
export function DeleteCommentDialog({
  onConfirm,
  isPending,
  triggerLabel = 'Delete',
  triggerAriaLabel,
  replyCount = 0,
}: {
  /** Called with a function that closes the dialog (after success). */
  onConfirm: (close: () => void) => void;
  isPending: boolean;
  triggerLabel?: string;
  triggerAriaLabel?: string;
  /** Replies under the comment: the dialog says they stay. */
  replyCount?: number;
}) {
  const notice = repliesKeptNotice(replyCount);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={triggerAriaLabel}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Comment</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete this comment? This action cannot be undone.
            {notice ? ` ${notice}` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="danger"
            disabled={isPending}
            onClick={() => onConfirm(() => setIsOpen(false))}
          >
            {isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
