import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { ListingCardWithActions } from '@/domains/listings/web/components/listing-card-with-actions';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { paths } from '@/shared/paths';
import { useFavourites } from '../api/get-favourites';

/** The producer dashboard's Favourites tab: the user's favourite listings as cards. */
export function FavouritesPanel() {
  const favourites = useFavourites();

  if (favourites.isPending) return <Spinner label="Loading favourites" />;
  if (favourites.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">Failed to load favourites</p>
        <Button variant="outline" className="mt-4" onClick={() => void favourites.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (favourites.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
        <Heart aria-hidden="true" className="h-10 w-10 text-slate-400" />
        <p className="text-lg font-medium text-slate-900">No favourites yet</p>
        <p className="text-sm text-slate-600">
          Tap the heart on any listing to keep it here for later.
        </p>
        <Link to={paths.listings} className={buttonClasses('primary', 'md')}>
          Browse Listings
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {favourites.data.map((listing) => (
        <li key={listing.id}>
          <ListingCardWithActions listing={listing} isSignedIn />
        </li>
      ))}
    </ul>
  );
}
