import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ListingDetail } from '@/domains/listings/listings.schema';
import { PaymentUnavailable } from '@/domains/payments/web';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { hasErrorCode, isUnauthorizedError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import { OFFER_MESSAGES, type CreateOfferResponse } from '../../offers.schema';
import { isNotAwaitingPayment, useResumeOfferPayment } from '../api/resume-offer-payment';
import {
  readResumePaymentState,
  resumePaymentPath,
  type ResumePaymentState,
} from '../lib/resume-payment';
import { OfferForm } from './offer-form';
import { BACK_TO_LISTINGS, OfferNotice } from './offer-notice';
import { OfferPaymentStep } from './offer-payment-step';

type Step = 'offer' | 'payment';

const TO_MY_SUBMISSIONS = { to: paths.mySubmissions, label: 'Go to My Submissions' };

function StepIndicator({ step }: { step: Step }) {
  const steps: { key: Step; label: string }[] = [
    { key: 'offer', label: 'Offer details' },
    { key: 'payment', label: 'Card authorisation' },
  ];
  return (
    <ol className="flex gap-2 text-sm" aria-label="Steps">
      {steps.map((item, index) => {
        const isCurrent = item.key === step;
        return (
          <li
            key={item.key}
            aria-current={isCurrent ? 'step' : undefined}
            className={cn(
              'flex flex-1 items-center gap-2 rounded-md border px-3 py-2',
              isCurrent
                ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800'
                : 'border-line text-ink-muted',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex h-6 w-6 items-center justify-center rounded-full text-xs',
                isCurrent ? 'bg-brand-700 text-white' : 'bg-slate-200 text-ink-muted',
              )}
            >
              {index + 1}
            </span>
            {item.label}
          </li>
        );
      })}
    </ol>
  );
}

function StepCard({
  listing,
  step,
  children,
}: {
  listing: ListingDetail;
  step: Step;
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-2xl space-y-6 p-5 sm:p-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-ink">
          {step === 'offer' ? 'Submit Offer' : 'Authorise Payment'}
        </h1>
        <p className="text-ink-muted">
          {listing.title} <span className="text-ink-muted">by {listing.author}</span>
        </p>
      </header>
      <StepIndicator step={step} />
      {children}
    </Card>
  );
}

/** The payment step of an existing offer (just created, renewed, or 'Complete Payment'). */
function PaymentForOffer({
  listing,
  offerId,
  known,
  onUnauthorised,
}: {
  listing: ListingDetail;
  offerId: number;
  known: CreateOfferResponse | null;
  onUnauthorised: () => void;
}) {
  const resumed = useResumeOfferPayment(offerId, { enabled: known === null });
  const payment = known ?? resumed.data ?? null;
  const isSignedOut = resumed.isError && isUnauthorizedError(resumed.error);
  useEffect(() => {
    if (isSignedOut) onUnauthorised();
  }, [isSignedOut, onUnauthorised]);

  if (payment) {
    return (
      <StepCard listing={listing} step="payment">
        <OfferPaymentStep offer={payment.offer} clientSecret={payment.clientSecret || null} />
      </StepCard>
    );
  }
  if (resumed.isPending || isSignedOut) return <Spinner label="Preparing payment" />;
  if (isNotAwaitingPayment(resumed.error)) {
    const message = 'This offer is no longer awaiting payment.';
    return <OfferNotice title="Nothing to Pay" message={message} action={TO_MY_SUBMISSIONS} />;
  }
  if (hasErrorCode(resumed.error, 'NOT_FOUND')) {
    const message = 'We could not find this offer.';
    return <OfferNotice title="Offer Not Found" message={message} action={TO_MY_SUBMISSIONS} />;
  }
  // The provider could not give a client secret: the spec's 'payment unavailable' state.
  return (
    <StepCard listing={listing} step="payment">
      <PaymentUnavailable />
    </StepCard>
  );
}

interface SubmitOfferStepsProps {
  listing: ListingDetail;
  /** The offer whose card hold is being (re)authorised (`?offer=`), or null for a new offer. */
  offerId: number | null;
  /** The session ended on the way: the page tells the visitor and sends them to sign in. */
  onUnauthorised: () => void;
}

/**
 * The producer's part of /submit-offer/{listingId} (spec part 1 section 2): the offer form,
 * then the card hold on its own address (`?offer=`), so a reload or Back returns to it.
 */
export function SubmitOfferSteps({ listing, offerId, onUnauthorised }: SubmitOfferStepsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();

  const onCreated = (created: CreateOfferResponse) => {
    toast({ title: 'Offer Submitted', description: 'Complete payment to finalize your offer' });
    const state: ResumePaymentState = { payment: created };
    navigate(resumePaymentPath(created.offer), { replace: true, state });
  };

  if (offerId !== null) {
    const known = readResumePaymentState(location.state);
    return (
      <PaymentForOffer
        key={offerId}
        listing={listing}
        offerId={offerId}
        known={known && known.offer.id === offerId ? known : null}
        onUnauthorised={onUnauthorised}
      />
    );
  }
  if (listing.status !== 'available') {
    return (
      <OfferNotice
        title="Not Open to Offers"
        message={OFFER_MESSAGES.listingUnavailable}
        action={BACK_TO_LISTINGS}
      />
    );
  }
  return (
    <StepCard listing={listing} step="offer">
      <OfferForm listingId={listing.id} onCreated={onCreated} onUnauthorised={onUnauthorised} />
    </StepCard>
  );
}
