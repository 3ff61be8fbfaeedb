import { Link } from 'react-router';
import { CreditCard, Download, Eye, FileSignature } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { formatShortDate } from '@/web/lib/format';
import { paths } from '@/shared/paths';
import type { Offer } from '../../offers.schema';
import { formatOfferPrice, formatOptionPeriod } from '../lib/offer-display';
import { resumePaymentPath } from '../lib/resume-payment';
import { AbandonOfferDialog } from './abandon-offer-dialog';
import { AcceptCounterButton } from './accept-counter-button';
import { CounterOfferDialog } from './counter-offer-dialog';
import { DealTerms } from './deal-terms';
import { TermHistory } from './term-history';
import { CancelOfferDialog } from './cancel-offer-dialog';
import { OfferStatusBadge } from './offer-status-badge';
import { RenewOfferButton } from './renew-offer-button';
import { OfferAgreementSigning } from './offer-agreement-signing';
import { ResponseDeadline } from './response-deadline';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

/** One offer on My Submissions, with the actions its status allows. */
export function SubmissionCard({ offer }: { offer: Offer }) {
  const titleId = `offer-${offer.id}-title`;
  return (
    <Card id={`offer-${offer.id}`} className="p-5" aria-labelledby={titleId} role="article">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">Listing #{offer.listingId}</p>
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {offer.listingTitle}
          </h2>
          <p className="text-sm text-ink-muted">Offer #{offer.id}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {offer.fundCompetition ? <Badge tone="teal">Funding Competition</Badge> : null}
          <OfferStatusBadge status={offer.status} />
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact label="Offer Amount">
          <span className="font-semibold">{formatOfferPrice(offer.terms.offerPrice)}</span>
        </Fact>
        <Fact label="Submitted">{formatShortDate(offer.submittedAt)}</Fact>
        <Fact label="Option Period">{formatOptionPeriod(offer.terms.optionPeriod)}</Fact>
        <Fact label="Additional Rights Requested">{offer.extraRightsRequest || 'None'}</Fact>
      </dl>

      <DealTerms offer={offer} />

      <div className="mt-4 space-y-1">
        {offer.status === 'pending' ? <ResponseDeadline deadline={offer.responseDeadline} /> : null}
        {offer.status === 'countered' ? (
          <p className="text-sm text-blue-900">
            The agent countered with the terms above. Accepting them agrees the deal and charges
            your card {formatOfferPrice(offer.terms.offerPrice)}; you can also counter back or
            withdraw.
          </p>
        ) : null}
        {offer.status === 'reauthorising' ? (
          <p className="text-sm text-blue-900">
            {offer.terms.kind === 'accepted_counter'
              ? `You accepted the agent's counter. Authorise a card hold for ${formatOfferPrice(offer.offerPrice)}: it is charged at once and the deal is agreed.`
              : `You countered at a new price, so your card needs a new hold for ${formatOfferPrice(offer.offerPrice)} before the agent can answer.`}{' '}
            Your earlier hold stays until the new one is authorised, then it is released.
          </p>
        ) : null}
        {offer.status === 'awaiting_payment' ? (
          <p className="text-sm text-blue-900">
            Complete payment to send this offer to the agent: your card is only authorised, not
            charged, until the agent accepts.
          </p>
        ) : null}
        {offer.status === 'expired' ? (
          <p className="text-sm text-ink-soft">
            The agent did not respond in time, so the card hold was released. Renew to place a new
            hold and give the agent more time.
          </p>
        ) : null}
        {offer.lastPaymentError &&
        (offer.status === 'awaiting_payment' ||
          offer.status === 'pending' ||
          offer.status === 'reauthorising') ? (
          <p className="text-sm text-red-700">Last payment attempt: {offer.lastPaymentError}</p>
        ) : null}
        {offer.status === 'rejected' && offer.rejectionReason ? (
          <p className="text-sm text-ink-soft">Agent’s note: {offer.rejectionReason}</p>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Link to={paths.listingAlias(offer.listingId)} className={buttonClasses('outline', 'sm')}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          View Details
        </Link>
        {offer.deckFileUrl ? (
          <a
            href={offer.deckFileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download Deck
          </a>
        ) : null}
        {offer.status === 'accepted' && offer.signedOptionUrl ? (
          <a
            href={offer.signedOptionUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
          >
            <FileSignature aria-hidden="true" className="h-4 w-4" />
            View Contract
          </a>
        ) : null}
        {offer.status === 'accepted' && offer.signedOptionUrl ? (
          <OfferAgreementSigning offer={offer} side="producer" />
        ) : null}
        {offer.status === 'awaiting_payment' ? (
          <>
            <Link to={resumePaymentPath(offer)} className={buttonClasses('primary', 'sm')}>
              <CreditCard aria-hidden="true" className="h-4 w-4" />
              Complete Payment
            </Link>
            <AbandonOfferDialog offer={offer} />
          </>
        ) : null}
        {offer.status === 'expired' ? <RenewOfferButton offer={offer} /> : null}
        {offer.status === 'countered' ? (
          <>
            <AcceptCounterButton offer={offer} />
            <CounterOfferDialog offer={offer} label="Counter Back" />
          </>
        ) : null}
        {offer.status === 'reauthorising' ? (
          <Link to={resumePaymentPath(offer)} className={buttonClasses('primary', 'sm')}>
            <CreditCard aria-hidden="true" className="h-4 w-4" />
            Authorise New Hold
          </Link>
        ) : null}
        {offer.status === 'pending' ||
        offer.status === 'countered' ||
        offer.status === 'reauthorising' ? (
          <CancelOfferDialog offer={offer} />
        ) : null}
      </div>
      {offer.status !== 'awaiting_payment' ? (
        <div className="mt-3">
          <TermHistory offerId={offer.id} />
        </div>
      ) : null}
    </Card>
  );
}
