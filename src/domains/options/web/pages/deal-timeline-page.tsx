import { useParams } from 'react-router';
import { FileText } from 'lucide-react';
import { BackLink } from '@/web/components/ui/back-link';
import { Card } from '@/web/components/ui/card';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api-client';
import { usePageTitle } from '@/web/lib/use-page-title';
import { formatPounds, poundsToPence } from '@/shared/money';
import { paths } from '@/shared/paths';
import { useDealTimeline } from '../api/options';
import { LiveOptionsPanelItem } from '../components/live-options-panel';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/**
 * /deals/{offerId}/timeline (issue 34): one deal from the first question to reversion or
 * purchase, every event with its documents (the agreement, the sealed notices).
 */
export default function DealTimelinePage() {
  const offerId = Number(useParams().offerId);
  usePageTitle('Deal timeline');
  const query = useDealTimeline(offerId);
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(query.error, 'This deal could not be loaded')}
        </p>
        <LoadError title="Deal timeline" onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const timeline = query.data;
  return (
    <div className="space-y-6">
      <BackLink to={paths.listing(timeline.listingId)}>Back to the listing</BackLink>
      <PageHeader
        eyebrow="Deal timeline"
        title={timeline.listingTitle}
        description={`Offer #${timeline.offerId}: every step from the first question to reversion or purchase.`}
      />
      {timeline.option ? (
        <Card className="p-5">
          <ul>
            <LiveOptionsPanelItem option={timeline.option} />
          </ul>
        </Card>
      ) : null}
      <Card className="p-5">
        <ol className="space-y-3" aria-label="Events">
          {timeline.events.map((event, index) => (
            <li
              key={`${event.kind}-${index}`}
              className="flex flex-col gap-1 border-l-2 border-line pl-3"
            >
              <span className="text-xs text-ink-muted">{when(event.at)}</span>
              <span className="text-sm font-medium text-ink">{event.title}</span>
              {event.amount ? (
                <span className="text-sm text-ink-soft">
                  {formatPounds(poundsToPence(event.amount) ?? 0, { exact: true })}
                </span>
              ) : null}
              {event.documentUrl ? (
                <a
                  href={event.documentUrl}
                  className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
                >
                  <FileText aria-hidden="true" className="h-4 w-4" />
                  Open the document
                </a>
              ) : null}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
