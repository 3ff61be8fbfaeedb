import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import type { ListingCard } from '@/domains/listings/listings.schema';
import { buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { Spinner } from '@/web/components/ui/spinner';
import { paths } from '@/shared/paths';
import { useFavourites } from '../api/get-favourites';

/**
 * The producer dashboard's Favourites tab: the user's favourite listings, each drawn by
 * `renderListing` (the page composes the listing card with its heart and share menu, so
 * this room needs nothing of the listings room's components).
 */
export function FavouritesPanel({
  renderListing,
}: {
  renderListing: (listing: ListingCard) => ReactNode;
}) {
  const favourites = useFavourites();

  if (favourites.isPending) return <Spinner label="Loading favourites" />;
  if (favourites.isError) {
    return (
      <LoadError title="Failed to load favourites" onRetry={() => void favourites.refetch()} />
    );
  }
  if (favourites.data.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title="No favourites yet"
        text="Tap the heart on any listing to keep it here for later."
      >
        <Link to={paths.listings} className={buttonClasses('primary', 'md')}>
          Browse Listings
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {favourites.data.map((listing) => (
        <li key={listing.id}>{renderListing(listing)}</li>
      ))}
    </ul>
  );
}
