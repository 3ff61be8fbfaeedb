import { useId, useState } from 'react';
import { Flag } from 'lucide-react';
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
import { Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { COMMENT_REPORT_REASON_MAX, COMMENT_TOASTS } from '../../comments.constants';
import { useReportComment } from '../api/report-comment';

/** Flag someone else's comment for the moderators, with an optional reason. */
export function ReportCommentDialog({
  commentId,
  authorName,
}: {
  commentId: number;
  authorName: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportComment();
  const toast = useToast();
  const id = useId();

  const send = () =>
    report.mutate(
      { commentId, reason: reason.trim() ? reason : undefined },
      {
        onSuccess: () => {
          setIsOpen(false);
          setReason('');
          toast({ title: 'Success', description: COMMENT_TOASTS.reported, variant: 'success' });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, COMMENT_TOASTS.reportFailed),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Report ${authorName}'s comment`}>
          <Flag aria-hidden="true" className="h-4 w-4" />
          Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report Comment</DialogTitle>
          <DialogDescription>
            The moderators will review this comment. Tell them what is wrong with it if you like.
          </DialogDescription>
        </DialogHeader>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Reason (optional)
        </label>
        <Textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={COMMENT_REPORT_REASON_MAX}
          rows={3}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={send} disabled={report.isPending}>
            {report.isPending ? 'Reporting…' : 'Report'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
