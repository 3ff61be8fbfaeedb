import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { paths } from '@/shared/paths';
import { dashboardScoreColour, riskLabel } from '../../analysis.rules';
import type { BatchItem } from '../../analysis.schema';

const TONE: Record<ReturnType<typeof dashboardScoreColour>, BadgeTone> = {
  green: 'green',
  yellow: 'amber',
  red: 'red',
};

/** One analysed listing on the dashboard or in the search results. */
export function AnalysisCard({ item, extra }: { item: BatchItem; extra?: ReactNode }) {
  const risk = item.riskAssessment.score;
  return (
    <li className="space-y-2 rounded-card border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <Link
            to={paths.listingAlias(item.listing.id)}
            className="font-display text-lg font-semibold text-ink hover:underline"
          >
            {item.listing.title}
          </Link>
          <p className="text-sm text-ink-muted">
            {item.listing.author} · {item.listing.genre ?? 'No genre'} · {item.listing.medium}
          </p>
        </div>
        <Badge tone={TONE[dashboardScoreColour(item.commercialScore)]}>
          {item.commercialScore}
          {item.commercialScore >= 80 ? ' · High Potential' : ''}
        </Badge>
      </div>
      <p className="text-sm text-ink-soft">
        Risk: {risk === null ? 'Insufficient data' : `${riskLabel(risk)} (${risk})`} · ROI{' '}
        {item.revenueProjections.roiPotential ?? 'Insufficient data'} ·{' '}
        {item.revenueProjections.marketComparables} comparable films ({item.dataRange})
      </p>
      {extra}
      <ul className="list-disc pl-5 text-sm text-ink">
        {item.keyInsights.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <p className="text-sm font-medium text-brand-700">{item.recommendedAction}</p>
    </li>
  );
}
