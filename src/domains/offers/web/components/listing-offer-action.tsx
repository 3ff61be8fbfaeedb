import { Link } from 'react-router';
import { buttonClasses } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { paths } from '@/shared/paths';
import type { ListingDetail } from '@/domains/listings/listings.schema';

interface ListingOfferActionProps {
  listing: ListingDetail;
  /** The signed-in user's role, or null when signed out. */
  role: string | null;
  onOfferClick: () => void;
}

/** The listing page's action area (spec part 1 section 2): who may submit an offer on it. */
export function ListingOfferAction({ listing, role, onOfferClick }: ListingOfferActionProps) {
  let content;
  if (role === null) {
    content = (
      <Link to={paths.auth} className={cn(buttonClasses('primary', 'lg'), 'w-full')}>
        Sign In to Submit Offer
      </Link>
    );
  } else if (role !== 'producer') {
    content = <p className="text-sm text-ink-soft">Only producers can submit offers</p>;
  } else if (listing.status === 'available') {
    content = (
      <Link
        to={paths.submitOffer(listing.id)}
        onClick={onOfferClick}
        className={cn(buttonClasses('primary', 'lg'), 'w-full')}
      >
        Submit Offer
      </Link>
    );
  } else {
    // Offers are only taken on available listings (spec part 1 section 4).
    content = <p className="text-sm text-ink-soft">This title is not currently open to offers.</p>;
  }
  return (
    <div className="rounded-lg border border-line bg-white p-4">
      <h2 className="sr-only">Make an offer</h2>
      {content}
    </div>
  );
}
