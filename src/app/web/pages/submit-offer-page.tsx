import { useCallback, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  LOGGED_OUT_REDIRECT_MS,
  useCurrentUser,
  useLoggedOutRedirect,
} from '@/domains/accounts/web';
import { parseId } from '@/shared/ids';
import {
  ListingLoadError,
  ListingNotFound,
  listingLoadFailure,
  useListing,
} from '@/domains/listings/web';
import { ViewLimitReached } from '@/domains/membership/web';
import { OnlyProducersNotice, SubmitOfferSteps } from '@/domains/offers/web';
import { OfferPolicyPanel, useOfferPolicy } from '@/domains/vetting/web';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { Spinner } from '@/web/components/ui/spinner';
import { BackLink } from '@/web/components/ui/back-link';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';

/**
 * /submit-offer/{listingId}: the listing (listings, with the view limit of membership) and
 * the producer's offer steps (offers), or why they cannot be shown: among them a listing open
 * only to verified producers (vetting, issue 35), said before the producer starts.
 */
export default function SubmitOfferPage() {
  const params = useParams();
  const rawListingId = params.listingId ?? '';
  const listingId = parseId(rawListingId);
  const [searchParams] = useSearchParams();
  const offerParam = searchParams.get('offer');
  const offerId = offerParam ? parseId(offerParam) : null;
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const isProducer = user?.role === 'producer';
  const listing = useListing(listingId, { enabled: isProducer });
  const failure = listing.isError ? listingLoadFailure(listing.error) : null;
  const policy = useOfferPolicy(listingId ?? 0, isProducer && listingId !== null);
  const [isSessionGone, setIsSessionGone] = useState(false);

  const isLoggedOut =
    isSessionGone || (!isUserLoading && user === null) || failure?.kind === 'signed-out';
  useLoggedOutRedirect(isLoggedOut, {
    loginRequired: 'Please log in to submit an offer',
    sessionEnded: { to: paths.login, delayMs: LOGGED_OUT_REDIRECT_MS },
  });
  usePageTitle(listing.data ? `Submit Offer: ${listing.data.title}` : 'Submit Offer');
  const onUnauthorised = useCallback(() => setIsSessionGone(true), []);

  let content: ReactNode;
  if (listingId === null) content = <ListingNotFound />;
  else if (isLoggedOut || isUserLoading) content = <Spinner label="Loading" />;
  else if (!isProducer) content = <OnlyProducersNotice />;
  else if (listing.isPending) content = <Spinner label="Loading listing" />;
  else if (failure?.kind === 'not-found') content = <ListingNotFound />;
  else if (failure?.kind === 'limit') content = <ViewLimitReached resetDate={failure.resetDate} />;
  else if (failure || !listing.data) content = <ListingLoadError error={listing.error} />;
  else if (policy.isPending) content = <Spinner label="Loading listing" />;
  else if (policy.data?.mayOffer === false) {
    content = <OfferPolicyPanel listingId={listing.data.id} isOwnAgent={false} />;
  } else {
    content = (
      <PanelBoundary title="Submit Offer">
        <SubmitOfferSteps
          listing={listing.data}
          offerId={offerId}
          onUnauthorised={onUnauthorised}
        />
      </PanelBoundary>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <BackLink to={paths.listingAlias(listingId ?? rawListingId)}>Back to Listing</BackLink>
      {content}
    </div>
  );
}
