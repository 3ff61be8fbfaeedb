import { Navigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { useCurrentUser } from '@/domains/accounts/web';
import { Button } from '@/web/components/ui/button';
import { ChartFrame } from '@/web/components/ui/chart-frame';
import { CHART_COLORS } from '@/web/components/ui/chart-colors';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { StatTile, StatTiles } from '@/web/components/ui/stat-tile';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { useAnalysisStatus, useRecomputeAnalyses } from '../api/get-analysis-status';

function AdminAnalysis() {
  const status = useAnalysisStatus();
  const recompute = useRecomputeAnalyses();
  if (status.isPending) return <Spinner label="Loading analysis coverage" />;
  if (status.isError) {
    return (
      <LoadError title="Unable to load analysis coverage" onRetry={() => void status.refetch()} />
    );
  }
  const data = status.data;
  const run = data.run;
  const isActive = run?.status === 'queued' || run?.status === 'running';
  const percent =
    run && run.total > 0 ? Math.min(100, Math.round((100 * run.processed) / run.total)) : 0;
  return (
    <div className="space-y-6">
      <StatTiles label="Coverage">
        <StatTile label="Listings" value={String(data.listings)} />
        <StatTile label="Analysed" value={String(data.analysed)} />
        <StatTile label="Current" value={String(Math.max(0, data.current))} />
        <StatTile label="Stale" value={String(data.stale)} />
        <StatTile label="Failed" value={String(data.failed)} />
        <StatTile label="Insufficient data" value={String(data.insufficient)} />
      </StatTiles>
      <section className="space-y-2 rounded-card border border-line bg-surface p-4">
        <h2 className="font-display text-lg font-semibold text-ink">Recompute all</h2>
        <p className="text-sm text-ink-muted">
          A job analyses the catalogue in slices of 100 listings; this page follows its progress.
        </p>
        <Button onClick={() => recompute.mutate()} disabled={recompute.isPending || isActive}>
          {isActive ? 'Recompute running…' : 'Recompute all analyses'}
        </Button>
        {recompute.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(recompute.error, 'Failed to queue the recompute.')}
          </p>
        ) : null}
        {run ? (
          <div className="space-y-1">
            <div
              role="progressbar"
              aria-label="Recompute progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-3 w-full overflow-hidden rounded bg-surface-sunken"
            >
              <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm text-ink-soft">
              Run {run.id}: {run.status}, {run.processed} of {run.total} ({percent}%), {run.failed}{' '}
              failed
              {run.finishedAt
                ? `, finished ${new Date(run.finishedAt).toLocaleString('en-GB')}`
                : ''}
            </p>
          </div>
        ) : null}
      </section>
      <ChartFrame
        title="Score distribution"
        summary="Analysed listings per viability band (part 1 section 9)."
        table={{
          columns: [
            { id: 'band', header: 'Band' },
            { id: 'range', header: 'Scores' },
            { id: 'count', header: 'Listings', align: 'right' },
          ],
          rows: data.distribution.map((row) => ({
            band: row.band,
            range: `${row.from}–${row.to}`,
            count: row.count,
          })),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.distribution}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="band" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Bar dataKey="count" fill={CHART_COLORS[0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <section className="space-y-2 rounded-card border border-line bg-surface p-4 text-sm">
        <h2 className="font-display text-lg font-semibold text-ink">Engine and sources</h2>
        <p>
          Engine version {data.engineVersion}; {data.films} films, releases {data.dataRange}.
        </p>
        <ul className="list-disc pl-5">
          {data.sources.map((source) => (
            <li key={source}>{source}</li>
          ))}
        </ul>
        <h3 className="font-semibold text-ink">Cleaning rules applied</h3>
        <ul className="list-disc pl-5">
          {data.cleaning.map((rule) => (
            <li key={rule.rule}>
              {rule.rule}: {rule.rows} rows
              {rule.examples.length ? ` (e.g. ${rule.examples.join(', ')})` : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /admin/commercial-analysis: coverage, recompute with progress, distribution, sources. */
export default function AdminAnalysisPage() {
  usePageTitle('Commercial Analysis');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading" />;
  if (user?.role !== 'admin') return <Navigate to={paths.home} replace />;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Commercial Analysis"
        description="Coverage of the analysis engine over the catalogue."
      />
      <AdminAnalysis />
    </div>
  );
}
