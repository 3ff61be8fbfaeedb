import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web/api/get-current-user';
import { listingIdFromParam, type ListingDetail } from '@/domains/listings/listings.schema';
import { useListing } from '@/domains/listings/web/api/get-listing';
import {
  ListingLoadError,
  ListingNotFound,
} from '@/domains/listings/web/components/listing-detail-states';
import { useLoggedOutRedirect } from '@/domains/listings/web/hooks/use-logged-out-redirect';
import { ViewLimitReached } from '@/domains/membership/web/components/view-limit-reached';
import { PaymentUnavailable } from '@/domains/payments/web/components/payment-notices';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useToast } from '@/web/components/ui/toast';
import { ApiError, isUnauthorizedError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { OFFER_MESSAGES, idFromParam, type CreateOfferResponse } from '../../offers.schema';
import { isNotAwaitingPayment, useResumeOfferPayment } from '../api/resume-offer-payment';
import { OfferForm } from '../components/offer-form';
import { OfferPaymentStep } from '../components/offer-payment-step';
import {
  readResumePaymentState,
  resumePaymentPath,
  type ResumePaymentState,
} from '../lib/resume-payment';

type Step = 'offer' | 'payment';

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
                : 'border-slate-200 text-slate-500',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex h-6 w-6 items-center justify-center rounded-full text-xs',
                isCurrent ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600',
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

function Notice({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
    </Card>
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
        <h1 className="text-2xl font-bold text-slate-900">
          {step === 'offer' ? 'Submit Offer' : 'Authorise Payment'}
        </h1>
        <p className="text-slate-600">
          {listing.title} <span className="text-slate-400">by {listing.author}</span>
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
    return (
      <Notice title="Nothing to Pay" message="This offer is no longer awaiting payment.">
        <Link to={paths.mySubmissions} className={buttonClasses('primary', 'md')}>
          Go to My Submissions
        </Link>
      </Notice>
    );
  }
  if (resumed.error instanceof ApiError && resumed.error.status === 404) {
    return (
      <Notice title="Offer Not Found" message="We could not find this offer.">
        <Link to={paths.mySubmissions} className={buttonClasses('primary', 'md')}>
          Go to My Submissions
        </Link>
      </Notice>
    );
  }
  // The provider could not give a client secret: the spec's 'payment unavailable' state.
  return (
    <StepCard listing={listing} step="payment">
      <PaymentUnavailable />
    </StepCard>
  );
}

/** /submit-offer/{listingId}: the offer form, then the card hold (spec part 1 section 2). */
export default function SubmitOfferPage() {
  const params = useParams();
  const rawListingId = params.listingId ?? '';
  const listingId = listingIdFromParam(rawListingId);
  const [searchParams] = useSearchParams();
  const offerParam = searchParams.get('offer');
  const offerId = offerParam ? idFromParam(offerParam) : null;
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const isProducer = user?.role === 'producer';
  const listing = useListing(listingId, { enabled: isProducer });
  const [isSessionGone, setIsSessionGone] = useState(false);

  const isLoggedOut =
    isSessionGone ||
    (!isUserLoading && user === null) ||
    (listing.isError && isUnauthorizedError(listing.error));
  useLoggedOutRedirect(isLoggedOut, {
    toast: { title: 'Unauthorised', description: 'You are logged out. Logging in again...' },
    to: paths.login,
    delayMs: 500,
  });
  usePageTitle(listing.data ? `Submit Offer: ${listing.data.title}` : 'Submit Offer');

  const onUnauthorised = useCallback(() => setIsSessionGone(true), []);
  const onCreated = (created: CreateOfferResponse) => {
    toast({ title: 'Offer Submitted', description: 'Complete payment to finalize your offer' });
    // The payment step has its own address, so a reload (or Back) comes back to it.
    const state: ResumePaymentState = { payment: created };
    navigate(resumePaymentPath(created.offer), { replace: true, state });
  };

  const known = readResumePaymentState(location.state);
  let content: ReactNode;
  if (listingId === null) content = <ListingNotFound />;
  else if (isLoggedOut || isUserLoading) content = <Spinner label="Loading" />;
  else if (!isProducer) {
    content = (
      <Notice title="Access Denied" message={OFFER_MESSAGES.onlyProducers}>
        <Link to={paths.listings} className={buttonClasses('primary', 'md')}>
          Back to Listings
        </Link>
      </Notice>
    );
  } else if (listing.isPending) content = <Spinner label="Loading listing" />;
  else if (listing.isError) {
    const error = listing.error;
    if (error instanceof ApiError && error.status === 404) content = <ListingNotFound />;
    else if (error instanceof ApiError && error.status === 403) {
      const resetDate = error.body.resetDate;
      content = <ViewLimitReached resetDate={typeof resetDate === 'string' ? resetDate : null} />;
    } else content = <ListingLoadError />;
  } else if (offerId !== null) {
    content = (
      <PaymentForOffer
        key={offerId}
        listing={listing.data}
        offerId={offerId}
        known={known && known.offer.id === offerId ? known : null}
        onUnauthorised={onUnauthorised}
      />
    );
  } else if (listing.data.status !== 'available') {
    content = (
      <Notice title="Not Open to Offers" message={OFFER_MESSAGES.listingUnavailable}>
        <Link to={paths.listings} className={buttonClasses('primary', 'md')}>
          Back to Listings
        </Link>
      </Notice>
    );
  } else {
    content = (
      <StepCard listing={listing.data} step="offer">
        <OfferForm
          listingId={listing.data.id}
          onCreated={onCreated}
          onUnauthorised={onUnauthorised}
        />
      </StepCard>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to={paths.listingAlias(listingId ?? rawListingId)}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Listing
      </Link>
      {content}
    </div>
  );
}
