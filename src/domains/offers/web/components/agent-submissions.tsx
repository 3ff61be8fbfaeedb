import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOGGED_OUT_REDIRECT_MS } from '@/domains/accounts/web';
import { Check, Download, FileSignature, Inbox, X } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Field } from '@/web/components/ui/field';
import { Textarea } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage, hasErrorCode, isUnauthorizedError } from '@/web/lib/api-client';
import { formatPounds, poundsToPence } from '@/shared/money';
import { paths } from '@/shared/paths';
import type { Offer } from '../../offers.schema';
import { CANCELLATION_REASON_MAX, type PublicOfferStatus } from '../../offers.constants';
import { useAgentOffers, useDecideOffer } from '../api/agent-workspace';
import { CounterOfferDialog } from './counter-offer-dialog';
import { OfferStatusBadge } from './offer-status-badge';
import { DealTerms } from './deal-terms';
import { TermHistory } from './term-history';
import { ResponseDeadline } from './response-deadline';
import { mediaText } from '../lib/offer-display';
import { OfferAgreementSigning } from './offer-agreement-signing';
import { VerifiedBadge } from '@/domains/vetting/web';

/** The fee of the terms as they stand (the agent's own counter while it waits). */
function amount(offer: Offer): string {
  return formatPounds(poundsToPence(offer.terms.offerPrice) ?? 0);
}

function producerName(offer: Offer): string {
  const name = `${offer.producer.firstName} ${offer.producer.lastName}`.trim();
  return offer.producer.companyName ? `${name}, ${offer.producer.companyName}` : name;
}

/**
 * What accepting does (issue 29): only the offer's part of the rights is optioned, and only
 * the open offers on that part are closed; offers on other parts stay open.
 */
function acceptanceText(offer: Offer): string {
  const { media, territories, optionPeriod } = offer.terms;
  const part =
    media.length > 0 && territories.length > 0
      ? `the ${mediaText(media)} rights of ${offer.listingTitle} in ${territories.join(', ')} become`
      : `${offer.listingTitle} becomes`;
  return `${producerName(offer)}’s card will be charged ${amount(offer)} now, ${part} optioned to them for ${optionPeriod} months, and every other offer on those rights is rejected with its card hold released. Offers on other rights stay open.`;
}

interface Decision {
  offer: Offer;
  kind: 'accept' | 'reject';
}

/** One offer as the agent reads it: who, how much, on what terms, and the deadline. */
function SubmissionRow({ offer, onDecide }: { offer: Offer; onDecide: (d: Decision) => void }) {
  const isPending = offer.status === 'pending';
  return (
    <Card
      id={`offer-${offer.id}`}
      className="space-y-3 p-4"
      role="article"
      aria-label={`Offer on ${offer.listingTitle}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={paths.listing(offer.listingId)}
            className="font-display text-lg font-semibold text-ink hover:underline"
          >
            {offer.listingTitle}
          </Link>
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            From {producerName(offer)} <VerifiedBadge userId={offer.producer.id} />
          </p>
        </div>
        <OfferStatusBadge status={offer.status as PublicOfferStatus} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-ink-muted">Amount</dt>
          <dd className="font-semibold text-ink">{amount(offer)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Option period</dt>
          <dd className="text-ink">{offer.terms.optionPeriod} months</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Fund competition</dt>
          <dd className="text-ink">{offer.fundCompetition ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Submitted</dt>
          <dd className="text-ink">
            {offer.submittedAt ? new Date(offer.submittedAt).toLocaleDateString('en-GB') : '—'}
          </dd>
        </div>
        {offer.extraRightsRequest ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-ink-muted">Extra rights requested</dt>
            <dd className="text-ink">{offer.extraRightsRequest}</dd>
          </div>
        ) : null}
        {offer.fundNotes ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-ink-muted">Fund notes</dt>
            <dd className="whitespace-pre-line text-ink">{offer.fundNotes}</dd>
          </div>
        ) : null}
        {offer.rejectionReason ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-ink-muted">Reason</dt>
            <dd className="text-ink">{offer.rejectionReason}</dd>
          </div>
        ) : null}
      </dl>
      <DealTerms offer={offer} />
      {isPending ? <ResponseDeadline deadline={offer.responseDeadline} isForAgent /> : null}
      <div className="flex flex-wrap gap-2">
        {offer.deckFileUrl ? (
          <a
            href={offer.deckFileUrl}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download deck
          </a>
        ) : null}
        {offer.status === 'accepted' && offer.signedOptionUrl ? (
          <a
            href={offer.signedOptionUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            <FileSignature aria-hidden="true" className="h-4 w-4" />
            View Contract
          </a>
        ) : null}
        {offer.status === 'accepted' && offer.signedOptionUrl ? (
          <OfferAgreementSigning offer={offer} side="agent" />
        ) : null}
        {offer.status === 'countered' ? (
          <p className="text-sm text-ink-muted">Waiting for the producer to answer your counter.</p>
        ) : null}
        {offer.status === 'reauthorising' ? (
          <p className="text-sm text-ink-muted">
            {offer.terms.kind === 'accepted_counter'
              ? `The producer accepted your counter. The deal completes when their card is charged ${amount(offer)}: nothing more to do.`
              : `The producer countered back at ${amount(offer)} and is authorising a new card hold for it.`}
          </p>
        ) : null}
        {isPending ? (
          <div className="ml-auto flex gap-2">
            <CounterOfferDialog offer={offer} label="Counter" />
            <Button size="sm" variant="outline" onClick={() => onDecide({ offer, kind: 'reject' })}>
              <X aria-hidden="true" className="h-4 w-4" />
              Reject
            </Button>
            <Button size="sm" onClick={() => onDecide({ offer, kind: 'accept' })}>
              <Check aria-hidden="true" className="h-4 w-4" />
              Accept
            </Button>
          </div>
        ) : null}
      </div>
      <TermHistory offerId={offer.id} />
    </Card>
  );
}

/**
 * The agent's Submissions: every offer on their listings, Accept and Reject on pending ones,
 * each confirmed in a dialog that says what happens to the money.
 */
export function AgentSubmissions({ agentId }: { agentId: number }) {
  const offers = useAgentOffers(agentId);
  const decide = useDecideOffer();
  const toast = useToast();
  const navigate = useNavigate();
  const [decision, setDecisionState] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const setDecision = (next: Decision | null) => {
    setDecisionState(next);
    setReason('');
  };
  const reasonTooLong = reason.trim().length > CANCELLATION_REASON_MAX;
  // A link to one deal (the rights grid's holder, `#offer-{id}`) scrolls to its card once
  // the offers are in: the browser's own jump happened before they were.
  const { hash } = useLocation();
  const isLoaded = offers.isSuccess;
  useEffect(() => {
    if (!isLoaded || !/^#offer-\d+$/.test(hash)) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, isLoaded]);

  const confirm = () => {
    if (!decision || reasonTooLong) return;
    const { offer, kind } = decision;
    decide.mutate(
      { offerId: offer.id, decision: kind, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast({
            title: kind === 'accept' ? 'Offer Accepted' : 'Offer Rejected',
            description:
              kind === 'accept'
                ? `${amount(offer)} from ${producerName(offer)} for ${offer.listingTitle}.`
                : `The card hold on ${producerName(offer)}’s offer is released.`,
            variant: 'success',
          });
          setDecision(null);
        },
        onError: (error) => {
          setDecision(null);
          if (isUnauthorizedError(error)) {
            toast({
              title: 'Unauthorised',
              description: 'You are logged out. Logging in again...',
              variant: 'destructive',
            });
            setTimeout(() => navigate(paths.auth), LOGGED_OUT_REDIRECT_MS);
            return;
          }
          toast({
            title: 'Error',
            // A part another deal took meanwhile (409) names the taken cells.
            description: hasErrorCode(error, 'CONFLICT')
              ? errorMessage(error, 'Failed to accept offer')
              : kind === 'accept'
                ? 'Failed to accept offer'
                : 'Failed to reject offer',
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (offers.isPending) return <Spinner label="Loading submissions" />;
  if (offers.isError) {
    return <LoadError title="Failed to load submissions" onRetry={() => void offers.refetch()} />;
  }
  if (offers.data.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="No offers yet"
        text="Offers appear here once a producer’s card hold is authorised."
      />
    );
  }
  const pending = decision?.offer;
  return (
    <div className="space-y-3">
      {offers.data.map((offer) => (
        <SubmissionRow key={offer.id} offer={offer} onDecide={setDecision} />
      ))}
      <Dialog open={decision !== null} onOpenChange={(open) => (open ? null : setDecision(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {decision?.kind === 'accept' ? 'Accept this offer?' : 'Reject this offer?'}
            </DialogTitle>
            <DialogDescription>
              {pending && decision?.kind === 'accept'
                ? acceptanceText(pending)
                : pending
                  ? `The ${amount(pending)} hold on ${producerName(pending)}’s card is released and they are told the offer was declined.`
                  : ''}
            </DialogDescription>
          </DialogHeader>
          {decision?.kind === 'reject' ? (
            <Field
              label="Reason (optional)"
              hint={`The producer reads it in the email that tells them. ${reason.trim().length}/${CANCELLATION_REASON_MAX} characters`}
              error={
                reasonTooLong
                  ? `Reason must be at most ${CANCELLATION_REASON_MAX} characters`
                  : undefined
              }
            >
              <Textarea
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={CANCELLATION_REASON_MAX + 50}
              />
            </Field>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setDecision(null)}>
              Cancel
            </Button>
            <Button
              onClick={confirm}
              disabled={decide.isPending || reasonTooLong}
              aria-busy={decide.isPending}
            >
              {decision?.kind === 'accept' ? 'Accept and charge' : 'Reject offer'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
