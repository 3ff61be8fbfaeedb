import { Link } from 'react-router';
import { ScrollText } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadError } from '@/web/components/ui/load-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/shared/paths';
import { useChainOfTitle } from '../api/get-chain-of-title';
import { ChainGapAlerts } from './chain-gap-alerts';
import { ChainTimeline } from './chain-timeline';

/** A listing's chain of title: the gaps, then the timeline (read-only; admins get a link). */
export function ChainOfTitleView({ listingId }: { listingId: number }) {
  const chain = useChainOfTitle(listingId);
  if (chain.isPending) return <Skeleton className="h-32 w-full" />;
  if (chain.isError) {
    return (
      <LoadError title="The chain of title could not be loaded" onRetry={() => chain.refetch()} />
    );
  }
  return (
    <div className="space-y-4">
      <ChainGapAlerts gaps={chain.data.gaps} />
      <ChainTimeline documents={chain.data.documents} gaps={chain.data.gaps} canEdit={false} />
      {chain.data.canEdit ? (
        <Link
          to={`${paths.adminChainOfTitle}?listingId=${listingId}`}
          className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          Manage documents in the admin console
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The listing page's 'Chain of title' panel, for the listing's agent and admins (the page
 * decides who sees it; the API refuses anyone else). The agent reads; admins file elsewhere.
 */
export function ListingChainOfTitlePanel({ listingId }: { listingId: number }) {
  return (
    <Card role="region" aria-labelledby="chain-of-title-panel-title">
      <CardHeader>
        <CardTitle id="chain-of-title-panel-title" className="flex items-center gap-2">
          <ScrollText aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Chain of title
        </CardTitle>
        <p className="text-sm text-ink-muted">
          The documents on file that prove who holds this listing&rsquo;s rights. Only you and
          PageToScreen&rsquo;s administrators can see them.
        </p>
      </CardHeader>
      <CardContent>
        <ChainOfTitleView listingId={listingId} />
      </CardContent>
    </Card>
  );
}
