import type { ListingDetail } from '../../listings.schema';
import { exclusivityLabel, rightLabel } from '../lib/listing-labels';

/** The rights the agent offers, where, and how exclusively. */
export function ListingRightsScope({ listing }: { listing: ListingDetail }) {
  const rights = listing.rightsAvailable.map(rightLabel);
  return (
    <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-ink-muted">Rights available</dt>
        <dd className="mt-1 font-medium text-ink">
          {rights.length > 0 ? rights.join(', ') : 'N/A'}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">Territories</dt>
        <dd className="mt-1 font-medium text-ink">
          {listing.territory.length > 0 ? listing.territory.join(', ') : 'N/A'}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">Exclusivity</dt>
        <dd className="mt-1 font-medium text-ink">
          {listing.exclusivity ? exclusivityLabel(listing.exclusivity) : 'N/A'}
        </dd>
      </div>
    </dl>
  );
}
