import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FileSearch } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { Select } from '@/web/components/ui/input';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { PageNav } from '@/web/components/ui/page-nav';
import { SearchForm } from '@/web/components/ui/search-form';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { parseId } from '@/shared/ids';
import { paths } from '@/shared/paths';
import type { ChainOverviewRow } from '../../chain-of-title.schema';
import { useChainOfTitle } from '../api/get-chain-of-title';
import { useChainOverview } from '../api/get-chain-overview';
import { ChainGapAlerts } from '../components/chain-gap-alerts';
import { ChainTimeline } from '../components/chain-timeline';
import { UploadChainDocumentForm } from '../components/upload-chain-document-form';

type Filter = 'all' | 'missing-proof';

/** A listing's row in the overview: its counts, and whether its chain proves the rights. */
function OverviewRow({
  row,
  isSelected,
  onSelect,
}: {
  row: ChainOverviewRow;
  isSelected: boolean;
  onSelect: () => void;
}) {
  // 'No proof of rights' has its own badge; the others are counted.
  const otherProblems = row.problemCount - (row.hasProofOfRights ? 0 : 1);
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={isSelected ? 'true' : undefined}
        className={cn(
          'w-full rounded-md border p-3 text-left transition-colors hover:bg-surface-sunken',
          isSelected ? 'border-brand-600 bg-brand-50' : 'border-line bg-white',
        )}
      >
        <span className="block font-medium text-ink">{row.listing.title}</span>
        <span className="block text-sm text-ink-muted">
          {row.listing.author} · #{row.listing.id}
        </span>
        <span className="mt-2 flex flex-wrap gap-1.5">
          <Badge tone="slate">
            {row.documentCount === 1 ? '1 document' : `${row.documentCount} documents`}
          </Badge>
          {row.hasProofOfRights ? null : <Badge tone="red">No proof of rights</Badge>}
          {otherProblems > 0 ? (
            <Badge tone="red">{otherProblems === 1 ? '1 gap' : `${otherProblems} gaps`}</Badge>
          ) : null}
          {row.warningCount > 0 ? (
            <Badge tone="amber">
              {row.warningCount === 1 ? '1 to watch' : `${row.warningCount} to watch`}
            </Badge>
          ) : null}
        </span>
      </button>
    </li>
  );
}

/** Search, filter and page through listings; pick one. */
function ListingPicker({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const overview = useChainOverview({ search: search || undefined, filter, page });

  const pageCount = overview.data
    ? Math.max(1, Math.ceil(overview.data.total / overview.data.pageSize))
    : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Listings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <SearchForm
          id="chain-search"
          label="Search listings by title or author"
          buttonLabel="Search"
          placeholder="Title or author"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <div className="space-y-1">
          <label htmlFor="chain-filter" className="block text-sm font-medium text-ink">
            Show
          </label>
          <Select
            id="chain-filter"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as Filter);
              setPage(1);
            }}
          >
            <option value="all">All listings</option>
            <option value="missing-proof">Only listings with no proof of rights</option>
          </Select>
        </div>
        {overview.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : overview.isError ? (
          <LoadError title="Listings could not be loaded" onRetry={() => overview.refetch()} />
        ) : overview.data.rows.length === 0 ? (
          <p className="text-sm text-ink-muted">No listings match.</p>
        ) : (
          <>
            <p className="text-sm text-ink-muted" aria-live="polite">
              {overview.data.total === 1 ? '1 listing' : `${overview.data.total} listings`}
            </p>
            <ul className="space-y-2" aria-label="Listings">
              {overview.data.rows.map((row) => (
                <OverviewRow
                  key={row.listing.id}
                  row={row}
                  isSelected={row.listing.id === selectedId}
                  onSelect={() => onSelect(row.listing.id)}
                />
              ))}
            </ul>
            <PageNav label="Pages" page={page} totalPages={pageCount} onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The chosen listing's chain: gaps on top, the upload form, then the timeline. */
function ListingChain({ listingId }: { listingId: number }) {
  const chain = useChainOfTitle(listingId);
  if (chain.isPending) return <Skeleton className="h-96 w-full" />;
  if (chain.isError) {
    return (
      <LoadError
        title="This listing's chain of title could not be loaded"
        onRetry={() => chain.refetch()}
      />
    );
  }
  const { listing, documents, gaps } = chain.data;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h2 className="font-display text-2xl font-semibold text-ink">{listing.title}</h2>
        <p className="text-ink-muted">
          by {listing.author} ·{' '}
          <Link
            to={paths.listing(listing.id)}
            className="text-brand-700 underline underline-offset-2"
          >
            Open listing #{listing.id}
          </Link>
        </p>
      </div>
      <section aria-label="Gaps in the chain">
        <ChainGapAlerts gaps={gaps} />
      </section>
      <Card>
        <CardHeader>
          <CardTitle>File a document</CardTitle>
        </CardHeader>
        <CardContent>
          <UploadChainDocumentForm key={listing.id} listingId={listing.id} />
        </CardContent>
      </Card>
      <section aria-labelledby="chain-timeline-heading" className="space-y-3">
        <h2 id="chain-timeline-heading" className="text-lg font-semibold text-ink">
          Timeline
        </h2>
        <ChainTimeline documents={documents} gaps={gaps} canEdit />
      </section>
    </div>
  );
}

/** /admin/chain-of-title: the documents that prove each listing's rights, and their gaps. */
export default function AdminChainOfTitlePage() {
  usePageTitle('Chain of title');
  const { user, isLoading } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = parseId(searchParams.get('listingId'));

  if (isLoading) return <Spinner label="Loading" />;
  if (!user || user.role !== 'admin') return <Navigate to={paths.home} replace />;

  const select = (id: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('listingId', String(id));
      return next;
    });

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Chain of title"
        description="The documents that prove who holds each listing's rights: agreements, assignments, options and their lapse, reversions and copyright registrations."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <PanelBoundary title="Listings">
          <ListingPicker selectedId={selectedId} onSelect={select} />
        </PanelBoundary>
        <PanelBoundary title="Chain of title">
          {selectedId === null ? (
            <EmptyState
              icon={FileSearch}
              title="Choose a listing"
              text="Search for a listing by title or author to see its chain of title and file documents."
            />
          ) : (
            <ListingChain key={selectedId} listingId={selectedId} />
          )}
        </PanelBoundary>
      </div>
    </div>
  );
}
