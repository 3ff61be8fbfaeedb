import { useState } from 'react';
import { Flag } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { FORUM_LIMITS } from '../../forum.constants';
import { useReportForumContent } from '../api/report-forum-content';

/** Report a post or a reply to the administrators, with an optional reason. */
export function ReportButton({
  target,
  label,
}: {
  target: { postId: number } | { replyId: number };
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportForumContent();
  const toast = useToast();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={`Report ${label}`}>
          <Flag aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">Report</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate(
              { ...target, reason: reason.trim() || undefined },
              {
                onSuccess: () => {
                  toast({
                    title: 'Report sent',
                    description: 'Thank you. An administrator will review it.',
                    variant: 'success',
                  });
                  setReason('');
                  setOpen(false);
                },
                onError: (error) =>
                  toast({
                    title: 'Failed to send report',
                    description: errorMessage(error, 'Please try again.'),
                    variant: 'destructive',
                  }),
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Report {label}</DialogTitle>
            <DialogDescription>
              Tell the administrators what is wrong. They will review it.
            </DialogDescription>
          </DialogHeader>
          <Field label="Reason (optional)">
            <Textarea
              value={reason}
              maxLength={FORUM_LIMITS.reasonMax}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending}>
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
