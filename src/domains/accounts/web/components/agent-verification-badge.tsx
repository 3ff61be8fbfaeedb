import { Badge, type BadgeTone } from '@/web/components/ui/badge';

const statuses: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending Review', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

/** An agent application's state; a missing status is still awaiting review. */
export function AgentVerificationBadge({ status }: { status: string | null }) {
  const { label, tone } = statuses[status ?? 'pending'] ?? statuses.pending;
  return <Badge tone={tone}>{label}</Badge>;
}
