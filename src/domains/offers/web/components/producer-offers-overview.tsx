import { lazy, Suspense } from 'react';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useSignedInSubmissions } from '../hooks/use-signed-in-submissions';
import { PerformanceStats } from './performance-stats';
import { RecentSubmissions } from './recent-submissions';
import { SubmissionCounters } from './submission-counters';

// recharts loads only when the dashboard shows a chart, never with the home page.
const OffersByMonthChart = lazy(() => import('./offers-by-month-chart'));

/** The producer dashboard's offers: counters, the 5 most recent, a chart and performance. */
export function ProducerOffersOverview() {
  const { submissions, isLoggedOut } = useSignedInSubmissions();
  if (submissions.isPending || isLoggedOut) return <Spinner label="Loading your submissions" />;
  if (submissions.isError) {
    return (
      <LoadError
        title="Failed to load your submissions"
        onRetry={() => void submissions.refetch()}
      />
    );
  }
  return (
    <>
      <SubmissionCounters counts={submissions.data.counts} />
      <Suspense fallback={<Skeleton className="h-72 w-full" />}>
        <OffersByMonthChart offers={submissions.data.offers} />
      </Suspense>
      <RecentSubmissions offers={submissions.data.offers} />
      <PerformanceStats submissions={submissions.data} />
    </>
  );
}
