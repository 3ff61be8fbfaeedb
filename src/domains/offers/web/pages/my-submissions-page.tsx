import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { SubmissionCard } from '../components/submission-card';
import { SubmissionCounters } from '../components/submission-counters';
import { useSignedInSubmissions } from '../hooks/use-signed-in-submissions';

/** /my-submissions: every offer the producer has made, with counters and actions. */
export default function MySubmissionsPage() {
  usePageTitle('My Submissions');
  const { submissions, isLoggedOut } = useSignedInSubmissions();

  let content;
  if (submissions.isPending || isLoggedOut) {
    content = <Spinner label="Loading your submissions" />;
  } else if (submissions.isError) {
    content = (
      <LoadError
        title="Failed to load your submissions"
        onRetry={() => void submissions.refetch()}
      />
    );
  } else {
    const { offers, counts } = submissions.data;
    content = (
      <>
        <SubmissionCounters counts={counts} />
        {offers.length === 0 ? (
          <EmptyState
            icon={FileText}
            title="No submissions yet"
            text="Find a title you want to adapt and submit your first offer."
          >
            <Link to={paths.listings} className={buttonClasses('primary', 'md')}>
              Browse Listings
            </Link>
          </EmptyState>
        ) : (
          <ul className="space-y-4" aria-label="Your offers">
            {offers.map((offer) => (
              <li key={offer.id}>
                <SubmissionCard offer={offer} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold text-ink">My Submissions</h1>
        <p className="mt-1 text-ink-muted">
          Track your offers. Card holds are only charged when an agent accepts.
        </p>
      </header>
      {content}
    </div>
  );
}
