import { TrendingUp } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatPounds, poundsToPence } from '@/shared/money';
import type { MySubmissionsResponse } from '../../offers.schema';
import { successRate } from '../lib/offer-display';

/** Average amount of the offers that reached an agent (their hold was authorised). */
function averageOfferPence(offers: MySubmissionsResponse['offers']): number | null {
  const submitted = offers.filter((offer) => offer.submittedAt !== null);
  if (submitted.length === 0) return null;
  const total = submitted.reduce((sum, offer) => sum + (poundsToPence(offer.offerPrice) ?? 0), 0);
  return Math.round(total / submitted.length);
}

/** The dashboard's performance stats: success rate (accepted ÷ total, one decimal) and more. */
export function PerformanceStats({ submissions }: { submissions: MySubmissionsResponse }) {
  const { counts, offers } = submissions;
  const average = averageOfferPence(offers);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Performance
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-ink-muted">Success Rate</dt>
            <dd className="text-2xl font-bold text-ink">{successRate(counts)}</dd>
            <dd className="text-xs text-ink-muted">
              {counts.accepted} accepted of {counts.total} offers
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Awaiting a Decision</dt>
            <dd className="text-2xl font-bold text-ink">{counts.pending}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Average Offer</dt>
            <dd className="text-2xl font-bold text-ink">
              {average === null ? 'N/A' : formatPounds(average)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
