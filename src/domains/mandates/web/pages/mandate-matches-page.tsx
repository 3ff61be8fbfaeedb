import { useState } from 'react';
import { Target } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import type { AgentMatches } from '../../mandates.schema';
import { useAgentMatches, usePitch } from '../api/mandates';
import { MandateSummary } from './mandate-summary';

type Match = AgentMatches['listings'][number]['mandates'][number];

function MatchCard({
  match,
  listingId,
  title,
}: {
  match: Match;
  listingId: number;
  title: string;
}) {
  const pitch = usePitch();
  const [message, setMessage] = useState('');
  return (
    <li className="space-y-2 p-4" data-testid="mandate-match">
      <MandateSummary mandate={match.mandate} />
      <p className="text-sm text-ink">
        <span className="font-medium">Why it fits: </span>
        {match.reason}
      </p>
      {match.pitched || pitch.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          Pitched. The producer may answer in your inbox.
        </p>
      ) : (
        <div className="space-y-2">
          <Field label={`Pitch ${title} to this producer`}>
            <Textarea
              rows={2}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </Field>
          <Button
            size="sm"
            disabled={pitch.isPending || message.trim() === ''}
            onClick={() => pitch.mutate({ mandateId: match.mandate.id, listingId, message })}
          >
            Send pitch
          </Button>
          {pitch.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(pitch.error, 'Unable to send the pitch')}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** /mandate-matches: for each of the agent's listings, the open mandates that fit, and why. */
export default function MandateMatchesPage() {
  usePageTitle('Mandate matches');
  const matches = useAgentMatches();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Mandate matches"
        description="Producers' open mandates that fit your listings, best first. Pitch each listing once."
      />
      {matches.isPending ? (
        <Spinner label="Loading matches" />
      ) : matches.isError ? (
        <LoadError title="Unable to load matches" onRetry={() => void matches.refetch()} />
      ) : matches.data.listings.every((listing) => listing.mandates.length === 0) ? (
        <EmptyState
          icon={Target}
          title="No matches yet"
          text="Open mandates that fit your listings appear here."
        />
      ) : (
        matches.data.listings
          .filter((listing) => listing.mandates.length > 0)
          .map((listing) => (
            <section key={listing.listingId} className="space-y-2">
              <h2 className="text-lg font-semibold text-ink">{listing.title}</h2>
              <ul className="divide-y divide-line rounded-lg border border-line">
                {listing.mandates.map((match) => (
                  <MatchCard
                    key={match.mandate.id}
                    match={match}
                    listingId={listing.listingId}
                    title={listing.title}
                  />
                ))}
              </ul>
            </section>
          ))
      )}
    </div>
  );
}
