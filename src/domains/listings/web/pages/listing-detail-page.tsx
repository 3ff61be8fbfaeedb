import { useState, type ReactNode } from 'react';
import { hasPremiumAccess } from '@/web/lib/premium';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web/api/get-current-user';
import { FavouriteButton } from '@/domains/favourites/web/components/favourite-button';
import { ViewLimitReached } from '@/domains/membership/web/components/view-limit-reached';
import { useTrackActivity } from '@/domains/tracking/web/api/track-activity';
import { useListingViewTracking } from '@/domains/tracking/web/hooks/use-listing-view-tracking';
import { Badge } from '@/web/components/ui/badge';
import { ErrorBoundary, PanelErrorFallback } from '@/web/components/ui/error-boundary';
import { ImageViewer, type ViewerImage } from '@/web/components/ui/image-viewer';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError, isUnauthorizedError } from '@/web/lib/api-client';
import { formatPounds } from '@/web/lib/format';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { listingIdFromParam, type ListingDetail } from '../../listings.schema';
import { useListing } from '../api/get-listing';
import { CommercialAnalysisPanel } from '../components/commercial-analysis-panel';
import { ListingCommentsSection } from '../components/listing-comments-section';
import { ListingCover } from '../components/listing-cover';
import { ListingLoadError, ListingNotFound } from '../components/listing-detail-states';
import { ListingFacts } from '../components/listing-facts';
import { ListingGallery } from '../components/listing-gallery';
import { ListingOfferAction } from '../components/listing-offer-action';
import { ListingRightsScope } from '../components/listing-rights-scope';
import { ShareMenu } from '../components/share-menu';
import { useLoggedOutRedirect } from '../hooks/use-logged-out-redirect';
import { useMetaDescription } from '../hooks/use-meta-description';
import { mediumLabel, statusBadge } from '../lib/listing-labels';

type LoadFailure =
  | { kind: 'limit'; resetDate: string | null }
  | { kind: 'not-found' }
  | { kind: 'signed-out' }
  | { kind: 'other' };

/** The spec's reading of a failed listing fetch (part 1 section 8). */
function classifyFailure(error: unknown): LoadFailure {
  if (isUnauthorizedError(error)) return { kind: 'signed-out' };
  const message = error instanceof ApiError ? (error.body.message ?? error.message) : String(error);
  if ((error instanceof ApiError && error.status === 403) || /limit reached/i.test(message)) {
    const resetDate = error instanceof ApiError ? error.body.resetDate : undefined;
    return { kind: 'limit', resetDate: typeof resetDate === 'string' ? resetDate : null };
  }
  if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
  return { kind: 'other' };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function BackLink() {
  return (
    <Link
      to={paths.listings}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Listings
    </Link>
  );
}

function ListingView({
  listing,
  role,
  isPremium,
}: {
  listing: ListingDetail;
  role: string;
  isPremium: boolean;
}) {
  const trackActivity = useTrackActivity();
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const status = statusBadge(listing.status);
  const hasCover = listing.coverImageUrl !== null;
  const viewerImages: ViewerImage[] = [
    ...(listing.coverImageUrl
      ? [{ src: listing.coverImageUrl, alt: `Cover of ${listing.title}` }]
      : []),
    ...listing.galleryImages.map((src, position) => ({
      src,
      alt: `Image ${position + 1} of ${listing.galleryImages.length} for ${listing.title}`,
    })),
  ];

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
      <header className="space-y-3 lg:col-span-2 lg:col-start-2 lg:row-start-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="blue">{mediumLabel(listing.medium)}</Badge>
          {listing.isFeatured ? (
            <Badge tone="purple">Featured</Badge>
          ) : (
            <Badge tone={status.tone}>{status.label}</Badge>
          )}
        </div>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold text-slate-900">{listing.title}</h1>
            <p className="mt-1 text-lg text-slate-600">by {listing.author}</p>
          </div>
          <div className="flex shrink-0 items-center">
            <FavouriteButton
              listing={listing}
              onToggled={() => trackActivity(listing.id, 'favorite_toggle')}
            />
            <ShareMenu listing={listing} onShare={() => trackActivity(listing.id, 'share')} />
          </div>
        </div>
        {listing.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {listing.tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </header>

      <aside
        aria-label="Listing facts and offers"
        className="space-y-4 lg:col-start-1 lg:row-span-2 lg:row-start-1"
      >
        <div className="mx-auto w-full max-w-64 lg:max-w-none">
          <ListingCover
            src={listing.coverImageUrl}
            title={listing.title}
            onOpen={() => setViewerIndex(0)}
          />
        </div>
        <ListingFacts listing={listing} />
        <ListingOfferAction
          listing={listing}
          role={role}
          onOfferClick={() => trackActivity(listing.id, 'offer_click')}
        />
      </aside>

      <div className="space-y-8 lg:col-span-2 lg:col-start-2 lg:row-start-2">
        <Section title="Description">
          <p className="whitespace-pre-line text-slate-700">
            {listing.description || 'No description provided.'}
          </p>
        </Section>
        {listing.synopsis ? (
          <Section title="Synopsis">
            <p className="whitespace-pre-line text-slate-700">{listing.synopsis}</p>
          </Section>
        ) : null}
        {listing.galleryImages.length > 0 ? (
          <Section title="Images">
            <ListingGallery
              images={listing.galleryImages}
              title={listing.title}
              onOpen={(position) => setViewerIndex(position + (hasCover ? 1 : 0))}
            />
          </Section>
        ) : null}
        <Section title="Rights">
          <ListingRightsScope listing={listing} />
        </Section>
        <Section title="Agent Information">
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="font-medium text-slate-900">{listing.agentName || 'Literary Agent'}</p>
            <p className="text-sm text-slate-600">Contact via the product</p>
          </div>
        </Section>
        <Section title="Financial Terms">
          <dl className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">Minimum Offer</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {formatPounds(listing.suggestedOfferMin)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Suggested Maximum</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {formatPounds(listing.suggestedOfferMax)}
              </dd>
            </div>
          </dl>
        </Section>
        <ErrorBoundary
          key={`analysis-${listing.id}`}
          fallback={(reset) => <PanelErrorFallback title="Commercial Analysis" onRetry={reset} />}
        >
          <CommercialAnalysisPanel isPremium={isPremium} />
        </ErrorBoundary>
        <ErrorBoundary
          key={`comments-${listing.id}`}
          fallback={(reset) => <PanelErrorFallback title="Comments" onRetry={reset} />}
        >
          <ListingCommentsSection isPremium={isPremium} />
        </ErrorBoundary>
      </div>

      <ImageViewer
        images={viewerImages}
        index={viewerIndex}
        onIndexChange={setViewerIndex}
        title={listing.title}
      />
    </div>
  );
}

/** /listings/{id} and /listing/{id}: a listing for signed-in users, with its states. */
export default function ListingDetailPage() {
  const params = useParams();
  const id = listingIdFromParam(params.id ?? '');
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const listing = useListing(id, { enabled: user !== null });
  const failure = listing.isError ? classifyFailure(listing.error) : null;

  const isSignedOut = (!isUserLoading && user === null) || failure?.kind === 'signed-out';
  useLoggedOutRedirect(isSignedOut, {
    toast: {
      title: 'Login Required',
      description: 'You must be logged in to view listing details',
    },
    to: paths.login,
    delayMs: 0,
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
  else if (failure || !data || !user) content = <ListingLoadError />;
  else {
    content = (
      <ListingView
        listing={data}
        role={user.role}
        isPremium={hasPremiumAccess(user, 'commercialAnalysis')}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <BackLink />
      {content}
    </div>
  );
}
