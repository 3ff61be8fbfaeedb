import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { formatShortDate } from '@/web/lib/format';
import { ADMIN_LIMITS, type PendingAgent } from '../../admin.schema';
import { useVerifyAgent } from '../api/verify-agent';

interface ReviewAgentDialogProps {
  agent: PendingAgent | null;
  onOpenChange: (open: boolean) => void;
}

function Detail({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-3 sm:gap-3">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="break-words text-ink sm:col-span-2">{value ?? 'Not given'}</dd>
    </div>
  );
}

/** Review agent application: the agency's details, approve or reject with optional notes. */
export function ReviewAgentDialog({ agent, onOpenChange }: ReviewAgentDialogProps) {
  const toast = useToast();
  const [notes, setNotes] = useState('');
  const verify = useVerifyAgent();
  if (!agent) return null;

  const decide = (status: 'approved' | 'rejected') =>
    verify.mutate(
      { agentId: agent.id, body: { status, notes: notes.trim() || undefined } },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, description: agent.email, variant: 'success' });
          setNotes('');
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: 'Verification failed',
            description: errorMessage(error, 'The decision could not be saved.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Review agent application</DialogTitle>
          <DialogDescription>
            {agent.firstName} {agent.lastName} · {agent.email}
          </DialogDescription>
        </DialogHeader>
        <dl className="space-y-2 text-sm">
          <Detail label="Agency" value={agent.companyName} />
          <Detail label="Website" value={agent.agencyWebsite} />
          <Detail label="Years in business" value={agent.agencyYearsInBusiness} />
          <Detail label="Clients" value={agent.agencyClientList} />
          <Detail label="Contact phone" value={agent.agencyContactPhone} />
          <Detail label="Credentials" value={agent.agencyCredentials} />
          <Detail label="Submitted" value={formatShortDate(agent.agentVerificationSubmittedAt)} />
          <Detail label="Email verified" value={agent.emailVerified ? 'Yes' : 'No'} />
        </dl>
        <div className="mt-4">
          <Field label="Notes (optional, sent to the agent)">
            <Textarea
              value={notes}
              rows={3}
              maxLength={ADMIN_LIMITS.notesMax}
              onChange={(event) => setNotes(event.target.value)}
            />
          </Field>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => decide('rejected')} disabled={verify.isPending}>
            Reject
          </Button>
          <Button onClick={() => decide('approved')} disabled={verify.isPending}>
            Approve
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
