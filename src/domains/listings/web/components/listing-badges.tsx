import { Badge } from '@/web/components/ui/badge';
import type { ListingCard } from '../../listings.schema';
import { mediumLabel, statusBadge } from '../lib/listing-labels';

/** The medium badge, then Featured or the status badge (spec part 1 section 2). */
export function ListingBadges({ listing }: { listing: ListingCard }) {
  const status = statusBadge(listing.status);
  return (
    <>
      <Badge tone="blue">{mediumLabel(listing.medium)}</Badge>
      {listing.isFeatured ? (
        <Badge tone="purple">Featured</Badge>
      ) : (
        <Badge tone={status.tone}>{status.label}</Badge>
      )}
    </>
  );
}
