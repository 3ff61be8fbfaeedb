import { LoadError } from '@/web/components/ui/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useSignedInSubmissions } from '../hooks/use-signed-in-submissions';
import { PerformanceStats } from './performance-stats';
import { RecentSubmissions } from './recent-submissions';
import { SubmissionCounters } from './submission-counters';

/** The producer dashboard's offers: counters, the 5 most recent, and performance. */
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
      <RecentSubmissions offers={submissions.data.offers} />
      <PerformanceStats submissions={submissions.data} />
    </>
  );
}
