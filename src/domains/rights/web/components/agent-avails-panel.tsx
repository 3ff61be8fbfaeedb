import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Grid3x3 } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { EmptyState } from '@/web/components/ui/empty-state';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/shared/paths';
import type { AgentListingAvails } from '../api/avails-types';
import { useAgentAvails } from '../api/get-agent-avails';
import { AvailsOverview } from './listing-avails-panel';

/** Listings shown at first and added by each 'Show more' (an agent may have hundreds). */
const PAGE = 10;

function ListingAvailsCard({
  listing,
  dealHref,
}: {
  listing: AgentListingAvails;
  dealHref: (offerId: number) => string;
}) {
  const titleId = useId();
  return (
    <Card className="space-y-3 p-4" role="region" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-display text-lg font-semibold text-ink">
          <Link to={paths.listing(listing.listingId)} className="hover:underline">
            {listing.title}
          </Link>
        </h2>
        <Badge className="capitalize">{listing.status}</Badge>
      </div>
      <AvailsOverview
        avails={listing}
        caption={`Rights availability of ${listing.title}: media by territory`}
        dealHref={dealHref}
      />
    </Card>
  );
}

/**
 * The agent dashboard's Rights: each of the agent's listings with its grid and which deal
 * holds which part (listings with a deal or an open offer first, as the server orders them).
 */
export function AgentAvailsPanel({ dealHref }: { dealHref: (offerId: number) => string }) {
  const avails = useAgentAvails();
  const [shown, setShown] = useState(PAGE);
  // An agent may have hundreds of listings: finding one by its title beats paging.
  const [search, setSearch] = useState('');
  if (avails.isPending) return <Skeleton className="h-64 w-full" />;
  if (avails.isError) {
    return (
      <LoadError
        title="The rights availability could not be loaded"
        onRetry={() => void avails.refetch()}
      />
    );
  }
  const all = avails.data?.listings ?? [];
  const wanted = search.trim().toLocaleLowerCase('en-GB');
  const listings = wanted
    ? all.filter((listing) => listing.title.toLocaleLowerCase('en-GB').includes(wanted))
    : all;
  if (all.length === 0) {
    return (
      <EmptyState
        icon={Grid3x3}
        title="No rights to show yet"
        text={
          avails.data === null
            ? 'Rights availability is not available here yet.'
            : 'Each of your listings appears here with its grid of media and territories.'
        }
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        Which parts of each listing are available, under offer, optioned or sold, and which deal
        holds them.
      </p>
      {avails.data && (avails.data.total ?? all.length) > all.length ? (
        <p className="text-sm text-ink-muted">
          The {all.length} listings with the most activity of your {avails.data.total}.
        </p>
      ) : null}
      <Field label="Find a listing by title">
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field>
      {listings.length === 0 ? (
        <p role="status" className="text-sm text-ink-muted">
          None of your listings has a title with “{search.trim()}”.
        </p>
      ) : null}
      {listings.slice(0, shown).map((listing) => (
        <ListingAvailsCard key={listing.listingId} listing={listing} dealHref={dealHref} />
      ))}
      {listings.length > shown ? (
        <Button variant="outline" onClick={() => setShown((count) => count + PAGE)}>
          Show more listings ({listings.length - shown} more)
        </Button>
      ) : null}
    </div>
  );
}
