import { useState } from 'react';
import { UserCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { DataTable, type DataTableColumn } from '@/web/components/ui/data-table';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { formatShortDate } from '@/web/lib/format';
import type { PendingAgent } from '../../admin.schema';
import { usePendingAgents } from '../api/get-pending-agents';
import { ReviewAgentDialog } from './review-agent-dialog';

/** Pending Applications: agents waiting for review, oldest first, each opening the review. */
export function PendingApplicationsPanel() {
  const pending = usePendingAgents();
  const [reviewing, setReviewing] = useState<PendingAgent | null>(null);

  const columns: DataTableColumn<PendingAgent>[] = [
    {
      id: 'name',
      header: 'Applicant',
      cell: (agent) => (
        <span className="font-medium text-ink">
          {agent.firstName} {agent.lastName}
          <span className="block text-xs font-normal text-ink-muted">{agent.email}</span>
        </span>
      ),
    },
    { id: 'agency', header: 'Agency', cell: (agent) => agent.companyName ?? 'Not given' },
    {
      id: 'years',
      header: 'Years',
      align: 'right',
      cell: (agent) => agent.agencyYearsInBusiness ?? '—',
    },
    {
      id: 'submitted',
      header: 'Submitted',
      cell: (agent) => formatShortDate(agent.agentVerificationSubmittedAt ?? agent.createdAt),
    },
    {
      id: 'review',
      header: 'Review',
      align: 'right',
      cell: (agent) => (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Review ${agent.firstName} ${agent.lastName}`}
          onClick={() => setReviewing(agent)}
        >
          Review
        </Button>
      ),
    },
  ];

  if (pending.isError) {
    return <LoadError title="Could not load applications" onRetry={() => void pending.refetch()} />;
  }
  return (
    <>
      <DataTable
        caption="Pending agent applications"
        columns={columns}
        rows={pending.data?.agents}
        rowKey={(agent) => agent.id}
        isLoading={pending.isPending}
        empty={
          <EmptyState
            icon={UserCheck}
            title="No pending applications"
            text="New agent applications appear here."
          />
        }
      />
      {reviewing ? (
        <ReviewAgentDialog
          agent={reviewing}
          onOpenChange={(open) => {
            if (!open) setReviewing(null);
          }}
        />
      ) : null}
    </>
  );
}
