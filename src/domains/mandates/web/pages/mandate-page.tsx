import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/web/components/ui/badge';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Spinner } from '@/web/components/ui/spinner';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import type { Pitch } from '../../mandates.schema';
import {
  useAnswerPitch,
  useCloseMandate,
  useDeclinePitch,
  useMandate,
  useMandateListings,
  useMandatePitches,
  useMuteAgent,
} from '../api/mandates';
import { MandateSummary } from './mandate-summary';

function PitchCard({ pitch }: { pitch: Pitch }) {
  const answer = useAnswerPitch();
  const decline = useDeclinePitch();
  const mute = useMuteAgent();
  const [message, setMessage] = useState('');
  const failed = answer.error ?? decline.error ?? mute.error;
  return (
    <li className="space-y-3 p-4">
      <p className="flex flex-wrap items-center gap-2 text-ink">
        <span className="font-semibold">{pitch.listingTitle}</span>
        <span className="text-sm text-ink-muted">pitched by {pitch.agentName}</span>
        <Badge
          tone={pitch.status === 'sent' ? 'amber' : pitch.status === 'answered' ? 'green' : 'slate'}
        >
          {pitch.status === 'sent' ? 'New' : pitch.status === 'answered' ? 'Answered' : 'Declined'}
        </Badge>
      </p>
      <p className="text-sm text-ink">{pitch.message}</p>
      {pitch.status === 'sent' ? (
        <div className="space-y-2">
          <Field label={`Your answer to ${pitch.agentName}`}>
            <Textarea
              rows={2}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => answer.mutate({ id: pitch.id, message })}
              disabled={answer.isPending || message.trim() === ''}
            >
              Answer
            </Button>
            <Button variant="outline" onClick={() => decline.mutate(pitch.id)}>
              Decline
            </Button>
            <Button variant="ghost" onClick={() => mute.mutate(pitch.agentId)}>
              Mute {pitch.agentName}
            </Button>
          </div>
        </div>
      ) : null}
      {pitch.status === 'answered' ? (
        <p className="text-sm text-ink">
          You answered: {pitch.answer}{' '}
          <Link to={paths.inbox} className="underline">
            Continue in your inbox
          </Link>
        </p>
      ) : null}
      <Link to={paths.submitOffer(pitch.listingId)} className={buttonClasses('outline', 'sm')}>
        Make an offer on {pitch.listingTitle}
      </Link>
      {mute.isSuccess ? (
        <p role="status" className="text-sm">
          Muted: no more pitches from this agent.
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failed, 'Unable to do that')}
        </p>
      ) : null}
    </li>
  );
}

function OwnerPanels({ mandateId }: { mandateId: number }) {
  const listings = useMandateListings(mandateId, true);
  const pitches = useMandatePitches(mandateId, true);
  return (
    <>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-ink">Pitches</h2>
        {pitches.data && pitches.data.pitches.length > 0 ? (
          <ul aria-label="Pitches" className="divide-y divide-line rounded-lg border border-line">
            {pitches.data.pitches.map((pitch) => (
              <PitchCard key={pitch.id} pitch={pitch} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">No pitches yet.</p>
        )}
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-ink">Listings that fit</h2>
        {listings.data && listings.data.listings.length > 0 ? (
          <ul className="divide-y divide-line rounded-lg border border-line">
            {listings.data.listings.map((listing) => (
              <li key={listing.listingId} className="p-4">
                <Link to={paths.listing(listing.listingId)} className="font-medium hover:underline">
                  {listing.title}
                </Link>{' '}
                <span className="text-sm text-ink-muted">by {listing.author}</span>
                <p className="text-sm text-ink">{listing.reason}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">
            No listings fit yet: we will tell you when one does.
          </p>
        )}
      </section>
    </>
  );
}

/** /mandates/:id: a mandate; its producer also sees the pitches and the listings that fit. */
export default function MandatePage() {
  const id = Number(useParams().id);
  const mandate = useMandate(id);
  const close = useCloseMandate();
  usePageTitle('Mandate');
  if (mandate.isPending) return <Spinner label="Loading the mandate" />;
  if (mandate.isError) {
    return <LoadError title="Unable to load the mandate" onRetry={() => void mandate.refetch()} />;
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Mandate" description="What this producer is looking for." />
      <MandateSummary mandate={mandate.data} link={false} />
      {mandate.data.isMine && mandate.data.status === 'open' ? (
        <Button variant="outline" onClick={() => close.mutate(id)} disabled={close.isPending}>
          Close this mandate
        </Button>
      ) : null}
      {mandate.data.isMine ? <OwnerPanels mandateId={id} /> : null}
    </div>
  );
}
