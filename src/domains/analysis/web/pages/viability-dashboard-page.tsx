import { useState } from 'react';
import { BarChart3 } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Select } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { usePageTitle } from '@/web/lib/use-page-title';
import { MEDIUMS, MEDIUM_LABELS } from '@/domains/listings/listings.constants';
import { DASHBOARD_LIMITS, DEFAULT_DASHBOARD_LIMIT } from '../../analysis.constants';
import { GENRE_OPTIONS } from '../genre-options';
import { useAnalysisBatch } from '../api/get-analysis-batch';
import { AnalysisCard } from './analysis-card';

/** /commercial-analysis: the viability dashboard (part 2 section 2). */
export default function ViabilityDashboardPage() {
  usePageTitle('Commercial Viability Dashboard');
  const [genre, setGenre] = useState('');
  const [medium, setMedium] = useState('');
  const [limit, setLimit] = useState<number>(DEFAULT_DASHBOARD_LIMIT);
  const batch = useAnalysisBatch({ genre: genre || undefined, medium: medium || undefined, limit });
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Commercial Viability Dashboard"
        description="The best-scored titles by the analysis engine. Each score is the estimated chance in 100 that a film of the title grosses its budget worldwide, from films released in the years shown on each card; money in pounds at 2024 prices."
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="space-y-1 text-sm font-medium text-ink">
          Genre
          <Select value={genre} onChange={(event) => setGenre(event.target.value)}>
            <option value="">All genres</option>
            {GENRE_OPTIONS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1 text-sm font-medium text-ink">
          Medium
          <Select value={medium} onChange={(event) => setMedium(event.target.value)}>
            <option value="">All media</option>
            {MEDIUMS.map((name) => (
              <option key={name} value={name}>
                {MEDIUM_LABELS[name]}
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1 text-sm font-medium text-ink">
          Show
          <Select value={limit} onChange={(event) => setLimit(Number(event.target.value))}>
            {DASHBOARD_LIMITS.map((value) => (
              <option key={value} value={value}>
                Top {value}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {batch.isPending ? (
        <Spinner label="Loading analyses" />
      ) : batch.isError ? (
        <LoadError title="Unable to load the dashboard" onRetry={() => void batch.refetch()} />
      ) : batch.data.analyses.length === 0 ? (
        <EmptyState
          icon={BarChart3}
          title="No analyses yet"
          text="Analyses appear here as the engine works through the catalogue."
        />
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            {batch.data.totalAnalyzed} listings analysed in all.
          </p>
          <ul className="space-y-3">
            {batch.data.analyses.map((item) => (
              <AnalysisCard key={item.listing.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
