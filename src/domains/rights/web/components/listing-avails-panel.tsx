import { useId } from 'react';
import { Grid3x3 } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { AgentListingAvails, ListingAvails } from '../api/avails-types';
import { useListingAvails } from '../api/get-listing-avails';
import { availsSummary } from '../lib/avails-display';
import { RightsGrid } from './rights-grid';

/** Why a listing has no grid: the agent listed no media or no territories. */
export function NoRightsListed() {
  return (
    <EmptyState
      icon={Grid3x3}
      title="No rights listed"
      text="The agent has not listed the media and territories of this title, so there is no grid of availability: an offer covers the title as a whole."
    />
  );
}

/** The summary line and the grid of one listing (or why there is no grid). */
export function AvailsOverview({
  avails,
  caption,
  dealHref,
}: {
  avails: ListingAvails | AgentListingAvails;
  caption: string;
  dealHref?: (offerId: number) => string;
}) {
  if (avails.cells.length === 0) return <NoRightsListed />;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-ink">{availsSummary(avails.cells)}</p>
      <RightsGrid
        caption={caption}
        media={avails.media}
        territories={avails.territories}
        cells={avails.cells}
        dealHref={dealHref}
      />
    </div>
  );
}

/**
 * The listing page's 'Rights availability': what is available now and from when. A server
 * without the avails route (404) shows nothing; the rest of the page is unaffected.
 */
export function ListingAvailsPanel({
  listingId,
  listingTitle,
  dealHref,
}: {
  listingId: number;
  listingTitle: string;
  /** For the listing's agent: where each holder's deal is read. */
  dealHref?: (offerId: number) => string;
}) {
  const headingId = useId();
  const avails = useListingAvails(listingId);
  const data = avails.data ?? null;
  if (avails.isSuccess && data === null) return null;
  return (
    <section className="space-y-2" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        Rights availability
      </h2>
      {avails.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : avails.isError ? (
        <LoadError
          title="The rights availability could not be loaded"
          onRetry={() => void avails.refetch()}
        />
      ) : data ? (
        <AvailsOverview
          avails={data}
          caption={`Rights availability of ${listingTitle}: media by territory`}
          dealHref={dealHref}
        />
      ) : null}
    </section>
  );
}
