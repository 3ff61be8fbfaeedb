import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser, useLoggedOutRedirect } from '@/domains/accounts/web';
import { ListingAnalysisPanel } from '@/domains/analysis/web';
import { ListingChainOfTitlePanel } from '@/domains/chain-of-title/web';
import { ListingCommentsPanel } from '@/domains/comments/web';
import { ListingQuestionsPanel } from '@/domains/inbox/web';
import type { ListingDetail } from '@/domains/listings/listings.schema';
import {
  ListingDetailView,
  ListingLoadError,
  ListingNotFound,
  listingLoadFailure,
  useListing,
  useMetaDescription,
} from '@/domains/listings/web';
import { ViewLimitReached } from '@/domains/membership/web';
import { ListingOfferAction } from '@/domains/offers/web';
import { SimilarTitles } from '@/domains/recommendations/web';
import { ListingAvailsPanel } from '@/domains/rights/web';
import { useListingViewTracking, useTrackActivity } from '@/domains/tracking/web';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { Spinner } from '@/web/components/ui/spinner';
import { BackLink } from '@/web/components/ui/back-link';
import { usePageTitle } from '@/web/lib/use-page-title';
import { parseId } from '@/shared/ids';
import { paths } from '@/shared/paths';
import { OfferPolicyPanel } from '@/domains/vetting/web';
import { ListingActions } from './components/listing-actions';

/** The spec's toast for a listing opened signed out (part 1 section 2). */
const LOGIN_REQUIRED = 'You must be logged in to view listing details';

/** A deal on the agent's Submissions tab (each offer's card has the id `offer-{id}`). */
const agentDealPath = (offerId: number) =>
  `${paths.agentDashboard}?tab=submissions#offer-${offerId}`;

/** The listing (listings) with the heart (favourites), the offer action (offers) and tracking. */
function ListingWithPanels({ listing, role }: { listing: ListingDetail; role: string }) {
  const trackActivity = useTrackActivity();
  const { user } = useCurrentUser();
  // The chain of title is the listing's agent's and the admins' only (the API says so too).
  const isOwnAgent = role === 'agent' && user !== null && user.id === listing.agentId;
  const canSeeChainOfTitle = role === 'admin' || isOwnAgent;
  return (
    <ListingDetailView
      listing={listing}
      actions={<ListingActions listing={listing} />}
      agentContact={
        // Producers reach the agent through the questions panel below (the inbox room).
        role === 'producer' ? (
          <a href="#ask-agent-title" className="text-sm font-medium text-brand-700 hover:underline">
            Ask the agent a question
          </a>
        ) : null
      }
      offerAction={
        <PanelBoundary title="Offers">
          {/* Who may make offers (issue 35): the agent's switch, or why a producer may not. */}
          {user ? (
            <OfferPolicyPanel
              listingId={listing.id}
              isOwnAgent={role === 'agent' && user.id === listing.agentId}
            />
          ) : null}
          <ListingOfferAction
            listing={listing}
            role={role}
            onOfferClick={() => trackActivity(listing.id, 'offer_click')}
          />
        </PanelBoundary>
      }
      panels={
        <>
          {/* What is available now and from when (issue 29); the agent reads who holds what. */}
          <PanelBoundary title="Rights availability">
            <ListingAvailsPanel
              listingId={listing.id}
              listingTitle={listing.title}
              dealHref={isOwnAgent ? agentDealPath : undefined}
            />
          </PanelBoundary>
          <PanelBoundary title="Questions">
            <ListingQuestionsPanel
              listingId={listing.id}
              role={role}
              isOwnListing={user !== null && user.id === listing.agentId}
            />
          </PanelBoundary>
          <PanelBoundary title="Commercial Analysis">
            <ListingAnalysisPanel listingId={listing.id} agentId={listing.agentId} />
          </PanelBoundary>
          <PanelBoundary title="Comments">
            <ListingCommentsPanel listing={listing} />
          </PanelBoundary>
          <PanelBoundary title="Similar titles">
            <SimilarTitles listingId={listing.id} />
          </PanelBoundary>
          {canSeeChainOfTitle ? (
            <PanelBoundary title="Chain of title">
              <ListingChainOfTitlePanel listingId={listing.id} />
            </PanelBoundary>
          ) : null}
        </>
      }
    />
  );
}

/** /listings/{id} and /listing/{id}: a listing for signed-in users, with its states. */
export default function ListingDetailPage() {
  const params = useParams();
  const id = parseId(params.id ?? '');
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const listing = useListing(id, { enabled: user !== null });
  const failure = listing.isError ? listingLoadFailure(listing.error) : null;

  const isSignedOut = (!isUserLoading && user === null) || failure?.kind === 'signed-out';
  useLoggedOutRedirect(isSignedOut, {
    loginRequired: LOGIN_REQUIRED,
    // The spec says 'Login Required' here even to someone whose session ended.
    sessionEnded: {
      toast: { title: 'Login Required', description: LOGIN_REQUIRED },
      to: paths.login,
      delayMs: 0,
    },
  });

  const data = listing.data ?? null;
  usePageTitle(data ? `${data.title} by ${data.author}` : 'Listing');
  useMetaDescription(data ? (data.description ?? data.synopsis) : null);
  useListingViewTracking(data ? data.id : null);

  let content: ReactNode;
  if (id === null) content = <ListingNotFound />;
  else if (isSignedOut || isUserLoading || listing.isPending) {
    content = <Spinner label="Loading listing" />;
  } else if (failure?.kind === 'limit') {
    content = <ViewLimitReached resetDate={failure.resetDate} />;
  } else if (failure?.kind === 'not-found') content = <ListingNotFound />;
  else if (failure || !data || !user) {
    content = <ListingLoadError error={listing.error} />;
  } else content = <ListingWithPanels key={data.id} listing={data} role={user.role} />;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <BackLink to={paths.listings}>Back to Listings</BackLink>
      {content}
    </div>
  );
}
