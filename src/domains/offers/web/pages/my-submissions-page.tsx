import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import { useLoggedOutRedirect } from '@/domains/listings/web/hooks/use-logged-out-redirect';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { isUnauthorizedError } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { useMySubmissions } from '../api/get-my-submissions';
import { SubmissionCard } from '../components/submission-card';
import { SubmissionCounters } from '../components/submission-counters';

/** /my-submissions: every offer the producer has made, with counters and actions. */
export default function MySubmissionsPage() {
  usePageTitle('My Submissions');
  const submissions = useMySubmissions();
  const isLoggedOut = submissions.isError && isUnauthorizedError(submissions.error);
  useLoggedOutRedirect(isLoggedOut, {
    toast: { title: 'Unauthorised', description: 'You are logged out. Logging in again...' },
    to: paths.auth,
    delayMs: 500,
  });

  let content;
  if (submissions.isPending || isLoggedOut) {
    content = <Spinner label="Loading your submissions" />;
  } else if (submissions.isError) {
    content = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">Failed to load your submissions</p>
        <Button variant="outline" className="mt-4" onClick={() => void submissions.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else {
    const { offers, counts } = submissions.data;
    content = (
      <>
        <SubmissionCounters counts={counts} />
        {offers.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <FileText aria-hidden="true" className="h-10 w-10 text-slate-400" />
            <p className="text-lg font-medium text-slate-900">No submissions yet</p>
            <p className="text-sm text-slate-600">
              Find a title you want to adapt and submit your first offer.
            </p>
            <Link to={paths.listings} className={buttonClasses('primary', 'md')}>
              Browse Listings
            </Link>
          </div>
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
        <h1 className="text-3xl font-bold text-slate-900">My Submissions</h1>
        <p className="mt-1 text-slate-600">
          Track your offers. Card holds are only charged when an agent accepts.
        </p>
      </header>
      {content}
    </div>
  );
}
