import { Archive, CheckCircle2, Clock, FileText, XCircle } from 'lucide-react';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import type { OfferCounts } from '../../offers.schema';

const COUNTERS = [
  { key: 'total', label: 'Total', icon: FileText },
  { key: 'pending', label: 'Pending', icon: Clock },
  { key: 'accepted', label: 'Accepted', icon: CheckCircle2 },
  { key: 'rejected', label: 'Rejected', icon: XCircle },
  { key: 'closed', label: 'Withdrawn or Expired', icon: Archive },
] as const satisfies readonly { key: keyof OfferCounts; label: string; icon: unknown }[];

const HINTS: Partial<Record<keyof OfferCounts, string>> = {
  pending: 'Awaiting an answer, countered or awaiting the card',
};

/** The counters of My Submissions and the dashboard: every offer counts in one of them. */
export function SubmissionCounters({ counts }: { counts: OfferCounts }) {
  return (
    <StatTiles label="Submission counts">
      {COUNTERS.map((counter) => (
        <StatTile
          key={counter.key}
          label={counter.label}
          value={counts[counter.key]}
          icon={counter.icon}
          hint={HINTS[counter.key]}
        />
      ))}
    </StatTiles>
  );
}
