import { FavouriteButton } from '@/domains/favourites/web';
import type { ListingCard as ListingCardData } from '@/domains/listings/listings.schema';
import { ListingCard, ShareMenu, type ListingLayout } from '@/domains/listings/web';
import { useTrackActivity } from '@/domains/tracking/web';
import { ErrorBoundary } from '@/web/components/ui/error-boundary';

/** The favourite heart (favourites) and the share menu (listings), both recorded (tracking). */
export function ListingActions({ listing }: { listing: ListingCardData }) {
  const trackActivity = useTrackActivity();
  return (
    <>
      {/* A heart that fails to draw leaves the rest of the listing alone. */}
      <ErrorBoundary fallback={() => null}>
        <FavouriteButton
          listing={listing}
          onToggled={() => trackActivity(listing.id, 'favorite_toggle')}
        />
      </ErrorBoundary>
      <ShareMenu listing={listing} onShare={() => trackActivity(listing.id, 'share')} />
    </>
  );
}

/** A signed-in user's listing card: the catalogue's and the Favourites tab's. */
export function ListingCardWithActions({
  listing,
  layout,
}: {
  listing: ListingCardData;
  layout?: ListingLayout;
}) {
  return (
    <ListingCard
      listing={listing}
      layout={layout}
      isSignedIn
      actions={<ListingActions listing={listing} />}
    />
  );
}
