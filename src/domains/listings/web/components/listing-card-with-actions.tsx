import { FavouriteButton } from '@/domains/favourites/web/components/favourite-button';
import { useTrackActivity } from '@/domains/tracking/web/api/track-activity';
import type { ListingCard as ListingCardData } from '../../listings.schema';
import { ListingCard } from './listing-card';
import { ShareMenu } from './share-menu';

/** A listing card with the favourite heart and the share menu for a signed-in user. */
export function ListingCardWithActions({
  listing,
  isSignedIn,
}: {
  listing: ListingCardData;
  isSignedIn: boolean;
}) {
  const trackActivity = useTrackActivity();
  return (
    <ListingCard
      listing={listing}
      isSignedIn={isSignedIn}
      actions={
        isSignedIn ? (
          <>
            <FavouriteButton
              listing={listing}
              onToggled={() => trackActivity(listing.id, 'favorite_toggle')}
            />
            <ShareMenu listing={listing} onShare={() => trackActivity(listing.id, 'share')} />
          </>
        ) : null
      }
    />
  );
}
